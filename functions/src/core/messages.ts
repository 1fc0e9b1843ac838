import {
  type DownloadFormat,
  type Legibility,
  MAX_VARIATIONS,
  NEW_MESSAGE_DEFAULTS,
  PHASE_TEXT,
  type TextMode,
} from '@thumbnail-studio/contract';
import { PENDING_SHARD } from './jobs';
import type { ImageKeys, MessageRole, MessageStatus, StoredMessage } from './types';

/** The images a message gives later requests as context: its uploads, or the original of the image it generated. */
export const contextKeysOf = (message: Pick<StoredMessage, 'uploaded_images' | 'image_keys'>): string[] => [
  ...(message.uploaded_images ?? []),
  ...(message.image_keys ? [message.image_keys.original] : []),
];

/**
 * A new stored message with the defaults every message starts with; `fields` sets the rest. One
 * that carries images is put in the conversation's image index (`image_id`), where a later job
 * finds its context images however far back they are.
 */
export function newMessage(
  fields: Pick<StoredMessage, 'id' | 'conversation_id' | 'user_id' | 'content' | 'created_at'> & {
    role: MessageRole;
    status: MessageStatus;
  } & Partial<StoredMessage>,
): StoredMessage {
  const message: StoredMessage = { ...NEW_MESSAGE_DEFAULTS, ...fields };
  return contextKeysOf(message).length > 0 ? { ...message, image_id: message.id } : message;
}

/**
 * The pending assistant message that answers `request` as a generation job: queued, listed in the
 * pending-jobs index until it settles, showing the queued phase until a worker claims it, with
 * the send's choice of how quoted text is made.
 */
export function newQueuedJob(
  request: StoredMessage,
  job: { id: string; provider: string; variations?: number; textMode?: TextMode },
): StoredMessage {
  return newMessage({
    conversation_id: request.conversation_id,
    user_id: request.user_id,
    created_at: request.created_at,
    id: job.id,
    role: 'assistant',
    content: PHASE_TEXT.queued,
    status: 'pending',
    prompt: request.content,
    provider: job.provider,
    request_id: request.id,
    variations: job.variations ?? 1,
    ...(job.textMode ? { text_mode: job.textMode } : {}),
    job_state: 'queued',
    pending_shard: PENDING_SHARD,
    pending_since: request.created_at,
  });
}

/**
 * What a finished image message stores, whether a job settled it or the browser made it with the
 * creator's own key: its first image and, when it kept several, all of them in order; the prompt
 * and whether it was an edit; its place in the conversation's image index, where later requests
 * find it as context; and its owner, which lists it in the gallery (only a finished image carries
 * it). `legibility`: a verdict known already (null: it could not be made), when no check will follow.
 */
export function finishedImageFields(
  message: Pick<StoredMessage, 'id' | 'user_id'>,
  images: readonly ImageKeys[],
  made: { prompt: string; isEdit: boolean; legibility?: Legibility | null },
): Partial<StoredMessage> {
  const [first] = images;
  if (!first) throw new Error('a finished image message needs its image');
  return {
    image_id: message.id,
    image_keys: first,
    ...(images.length > 1 ? { variation_keys: [...images] } : {}),
    prompt: made.prompt,
    is_edit: made.isEdit,
    is_image_message: true,
    gallery_user_id: message.user_id,
    ...(made.legibility !== undefined ? { legibility: made.legibility } : {}),
  };
}

/**
 * The downloads an image offers and the key of each, recommended first: the YouTube JPEG (not
 * on images older than it) and the lossless PNG.
 */
export const downloadKeysOf = (keys: ImageKeys): Partial<Record<DownloadFormat, string>> => ({
  ...(keys.youtube ? { jpeg: keys.youtube } : {}),
  png: keys.export,
});

/** Every S3 key of one generated image, for deleting them together. */
export const keysOfImage = (keys: ImageKeys): string[] => [
  ...new Set([
    keys.original,
    ...(keys.base ? [keys.base] : []),
    ...(keys.logo ? [keys.logo.key] : []),
    keys.export,
    keys.preview,
    ...(keys.youtube ? [keys.youtube] : []),
    ...(keys.previews ?? []).map((p) => p.key),
  ]),
];

/** Every image of an answer, first first: its variations, or its one image, or none. */
export const imagesOf = (message: Pick<StoredMessage, 'image_keys' | 'variation_keys'>): ImageKeys[] =>
  message.variation_keys?.length ? message.variation_keys : message.image_keys ? [message.image_keys] : [];

/** Every S3 key a message holds: its references, its mask, and all sizes of every image it generated. */
export const imageKeysOf = (message: StoredMessage): string[] => [
  ...(message.uploaded_images ?? []),
  ...(message.mask_key ? [message.mask_key] : []),
  ...imagesOf(message).flatMap(keysOfImage),
];

/** Where a pending job keeps the key of the latest partial picture of its `variation`th image. */
export const partialAttribute = (variation: number): `partial_${number}` => `partial_${variation}`;

/** The partial pictures' keys a pending job shows, by variation (null where none came yet). */
export function partialKeysOf(message: StoredMessage): (string | null)[] {
  const count = message.variations ?? 1;
  const keys = Array.from({ length: count }, (_, variation) => message[partialAttribute(variation)] ?? null);
  return keys.some((key) => key !== null) ? keys : [];
}

/** The attribute of a message that holds the public link token of one of its images. */
export type ShareTokenAttribute = 'share_token' | `share_token_${number}`;

/**
 * Where a message keeps the public link token of its `index`th image: the first image's in
 * `share_token` (where links made before variations are), each other's in `share_token_<index>`.
 */
export const shareTokenAttribute = (index: number): ShareTokenAttribute =>
  index === 0 ? 'share_token' : `share_token_${index}`;

/** The token of the public link of the message's `index`th image, while it has one. */
export const shareTokenOf = (message: StoredMessage, index: number): string | undefined =>
  message[shareTokenAttribute(index)];

/** Every public link token a message holds, one per image shared. */
export const shareTokensOf = (message: StoredMessage): string[] =>
  Array.from({ length: MAX_VARIATIONS }, (_, index) => shareTokenOf(message, index)).filter(
    (token): token is string => Boolean(token),
  );
