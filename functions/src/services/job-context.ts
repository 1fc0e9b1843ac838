import { getBlob } from '../adapters/blob-store';
import { CONTEXT_IMAGE_MESSAGES } from '../core/jobs';
import type { StoredMessage } from '../core/types';
import type { ChatTurn, ImageData } from '../providers/types';

/** The S3 keys of the images a message holds: its uploads, or the image it generated. */
export const imageKeysOf = (message: StoredMessage): string[] => [
  ...(message.uploaded_images ?? []),
  ...(message.image_keys ? [message.image_keys.original] : []),
];

/** The conversation as the classifier sees it, up to and including the pending job. */
export const toChatTurns = (messages: StoredMessage[]): ChatTurn[] =>
  messages.map((message) => ({
    role: message.role,
    text: message.is_image_message ? `[image: ${message.prompt ?? ''}]` : message.content,
    hasImages: imageKeysOf(message).length > 0,
  }));

/**
 * Images of the last 3 image-bearing messages (SPEC section 9), oldest
 * first; an image that can't be read is skipped (SPEC section 5).
 */
export async function loadContextImages(messages: StoredMessage[]): Promise<ImageData[]> {
  const keys = messages
    .filter((message) => imageKeysOf(message).length > 0)
    .slice(-CONTEXT_IMAGE_MESSAGES)
    .flatMap(imageKeysOf);
  const loaded = await Promise.all(
    keys.map((key) =>
      getBlob(key).catch((error) => {
        console.warn(
          JSON.stringify({ level: 'warn', message: 'context image unreadable', key, error: String(error) }),
        );
        return undefined;
      }),
    ),
  );
  return loaded
    .filter((blob) => blob !== undefined)
    .map((blob) => ({ bytes: blob.bytes, mimeType: blob.contentType }));
}
