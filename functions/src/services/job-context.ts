import type { ChatTurn, ImageData, Person, TextLayerRequest } from '@thumbnail-studio/providers';
import { getBlob } from '../adapters/blob-store';
import { CLASSIFIER_TURNS, CONTEXT_IMAGE_MESSAGES } from '../core/jobs';
import { contextKeysOf } from '../core/messages';
import { quotedText } from '../core/quoted-text';
import { isTransientError } from '../core/transient-errors';
import type { StoredMessage } from '../core/types';
import { listRecentMessages } from '../data/messages-repo';
import { getModelsByIds } from '../data/models-repo';
import { logger } from '../lib/logger';

/** At most this many photos of one person go to the provider, primary first. */
const IMAGES_PER_PERSON = 3;

/** The conversation as the classifier sees it, up to and including the pending job. */
export const toChatTurns = (messages: StoredMessage[]): ChatTurn[] =>
  messages.map((message) => ({
    role: message.role,
    text: message.is_image_message ? `[image: ${message.prompt ?? ''}]` : message.content,
    hasImages: contextKeysOf(message).length > 0 || Boolean(message.edit_from),
  }));

/**
 * Reads images from S3; one that can't be read is skipped, and the job goes on without it, unless
 * the failure is transient: then the read fails, and the job goes back to the queue.
 */
async function loadImages(keys: string[]): Promise<ImageData[]> {
  const loaded = await Promise.all(
    keys.map((key) =>
      getBlob(key).catch((error) => {
        // A storage failure that a later delivery may not meet hands the job back, not the image.
        if (isTransientError(error)) throw error;
        logger.warn('image unreadable; skipped', { key, error });
        return undefined;
      }),
    ),
  );
  return loaded
    .filter((blob) => blob !== undefined)
    .map((blob) => ({ bytes: blob.bytes, mimeType: blob.contentType }));
}

/** Keys of the images of the last 3 image-bearing messages, oldest first: the provider's context. */
export const contextImageKeys = (messages: StoredMessage[]): string[] =>
  messages
    .filter((message) => contextKeysOf(message).length > 0)
    .slice(-CONTEXT_IMAGE_MESSAGES)
    .flatMap(contextKeysOf);

/**
 * The images a job may give the provider, as keys: the image the request chose to edit ('Edit
 * this one') with the request's own uploads, and the images of the last 3 image-bearing messages
 * (the request's own among them), oldest first.
 */
export const jobImageKeys = (request: StoredMessage, upToRequest: StoredMessage[]) => ({
  chosen: chosenImageKeys(request),
  context: contextImageKeys(upToRequest),
});

/**
 * Keys of the image a request chose to edit ('Edit this one') and of the request's own
 * uploads; undefined when it chose none.
 */
export const chosenImageKeys = (request: StoredMessage): string[] | undefined =>
  request.edit_from ? [request.edit_from.key, ...(request.uploaded_images ?? [])] : undefined;

/**
 * The text a job's image leaves room for, drawn over it afterwards as a layer: its request's quoted
 * text, when the send asked for text as layers. Undefined otherwise (no quoted text, or the
 * provider draws it: 'model', as on jobs sent before text modes).
 */
export function textLayerOf(job: StoredMessage, request: StoredMessage): TextLayerRequest | undefined {
  const text = job.text_mode === 'layer' ? quotedText(request.content) : undefined;
  return text ? { text } : undefined;
}

/** What a job reads of its conversation before it asks anything of a provider. */
export interface JobContext {
  requestId: string;
  /** The user's message the job answers; undefined when the read did not end with it. */
  request: StoredMessage | undefined;
  /** The messages up to the request, the request last, failed answers left out. */
  upToRequest: StoredMessage[];
  keys: ReturnType<typeof jobImageKeys>;
  /** Whether the request could be an edit: it chose an image, or the context holds one. */
  canEdit: boolean;
}

/**
 * Reads the messages a job works from, up to its request (the message it was sent with, even if
 * another tab's send interleaved ids): the turns the classifier sees and, past them, only the
 * messages with images.
 */
export async function readJobContext(conversationId: string, requestId: string): Promise<JobContext> {
  const recent = await listRecentMessages(conversationId, requestId, {
    turns: CLASSIFIER_TURNS,
    imageMessages: CONTEXT_IMAGE_MESSAGES,
  });
  const last = recent.messages.at(-1);
  const request = last?.id === requestId && last.role === 'user' ? last : undefined;
  const upToRequest = recent.messages.filter((m) => m.status !== 'error');
  const keys = request ? jobImageKeys(request, upToRequest) : { chosen: undefined, context: [] };
  return {
    requestId,
    request,
    upToRequest,
    keys,
    canEdit: keys.chosen !== undefined || keys.context.length > 0,
  };
}

/**
 * The images a job gives the provider: the chosen ones when any can be read (an edit starts from
 * the chosen image, not the latest ones), else the context.
 */
export async function loadJobImages(keys: ReturnType<typeof jobImageKeys>): Promise<ImageData[]> {
  const chosen = keys.chosen && (await loadImages(keys.chosen));
  return chosen?.length ? chosen : loadImages(keys.context);
}

/**
 * The selected people, to be featured prominently and recognisably: each
 * one's name with their photos, primary first, in the order they were
 * selected. Shaped to be spread into the provider's input. A person whose
 * photos can't be read is still named.
 */
export async function loadPeople(userId: string, modelIds: string[]): Promise<{ people: Person[] }> {
  const people = await Promise.all(
    (await peoplePhotoKeys(userId, modelIds)).map(async ({ name, keys }) => ({
      name,
      photos: await loadImages(keys),
    })),
  );
  return { people };
}

/** The selected people by name, in the order selected, each with the keys of their photos to send, primary first. */
export async function peoplePhotoKeys(
  userId: string,
  modelIds: string[],
): Promise<{ name: string; keys: string[] }[]> {
  const models = await getModelsByIds(userId, modelIds);
  return models.map((model) => ({
    name: model.name,
    keys: [...model.images]
      .sort((a, b) => Number(b.is_primary) - Number(a.is_primary))
      .slice(0, IMAGES_PER_PERSON)
      .map((image) => image.key),
  }));
}
