/**
 * Partial images: a provider that streams (OpenAI) sends pictures of its image while it draws it.
 * The job keeps each as one small WebP and the chat shows the latest in the image's place,
 * softened, until the final image replaces it. A partial never counts as the result.
 */

/** How many partial pictures a streaming provider is asked for, per image. */
export const PARTIAL_IMAGES = 2;

/** A partial is kept as one WebP this wide, of at most this many bytes. */
export const PARTIAL_PREVIEW = { width: 640, maxBytes: 40_000 } as const;
