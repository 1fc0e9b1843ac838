import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_TEXT } from '@thumbnail-studio/contract';
import { blobSize, deleteBlobs, getBlob, keepBlobs, putBlob } from '../adapters/blob-store';
import { BadRequestError } from '../lib/errors';
import { newId } from '../lib/ids';
import { normalizeImage } from '../lib/images';
import { logger } from '../lib/logger';
import { releasePendingUploads } from './rate-limits';

/**
 * Where attachments wait until a message is sent: browser uploads, and video
 * thumbnails the backend fetched. Ones never sent expire (a bucket lifecycle rule).
 */
export const uploadPrefix = (userId: string) => `uploads/${userId}/`;
/** Where checked, re-encoded references of sent messages live (pending until their message is stored). */
export const referencePrefix = (userId: string) => `refs/${userId}/`;

const missing = () => new BadRequestError('An attached image could not be found. Please attach it again.');

/**
 * Checks that a key is one of the user's own pending uploads: a key outside their upload
 * folder, a missing object or one over the size limit is refused.
 */
export async function checkUpload(userId: string, key: string): Promise<void> {
  if (!key.startsWith(uploadPrefix(userId)) || key.includes('..')) throw missing();
  // Storage holds uploads to their declared size, but look before reading an object into memory.
  const size = await blobSize(key);
  if (size === undefined) throw missing();
  if (size > MAX_UPLOAD_BYTES) throw new BadRequestError(UPLOAD_TOO_LARGE_TEXT);
}

/** The bytes of one of the user's own pending uploads, checked as `checkUpload` says. */
export async function readUpload(userId: string, key: string): Promise<Uint8Array> {
  await checkUpload(userId, key);
  const upload = await getBlob(key);
  if (!upload) throw missing();
  return upload.bytes;
}

/**
 * Turns the keys a user sends into references: each must be one of the user's own pending
 * attachments; all are decoded and re-encoded (no EXIF, capped size) before any is stored, so a
 * refused one leaves no copy of the others. The copies are stored pending: `commitReferences`
 * keeps them once the message naming them is stored and deletes them if it is not; one that
 * neither reaches (the function stopped between) expires with its tag.
 */
export async function copyReferences(userId: string, keys: string[]): Promise<string[]> {
  const images = await Promise.all(keys.map(async (key) => normalizeImage(await readUpload(userId, key))));
  const copies = images.map((image) => ({ key: `${referencePrefix(userId)}${newId()}.jpg`, image }));
  try {
    await Promise.all(
      copies.map(({ key, image }) => putBlob(key, image.bytes, image.mimeType, { pending: true })),
    );
  } catch (error) {
    await dropCopies(copies.map(({ key }) => key));
    throw error;
  }
  return copies.map(({ key }) => key);
}

/**
 * Stores what names a send's reference copies (`store`): then the copies are kept and the
 * attachments they were made from deleted. If storing fails (a conversation deleted meanwhile),
 * the copies are deleted and the attachments stay, to be sent again.
 */
export async function commitReferences<T>(
  userId: string,
  uploadKeys: string[],
  references: string[],
  store: () => Promise<T>,
): Promise<T> {
  let stored: T;
  try {
    stored = await store();
  } catch (error) {
    await dropCopies(references);
    throw error;
  }
  await keepBlobs(references);
  await discardUploads(userId, uploadKeys);
  return stored;
}

/** Deletes copies nothing names; one that can't be deleted now expires with its pending tag. */
async function dropCopies(keys: string[]): Promise<void> {
  if (!keys.length) return;
  await deleteBlobs(keys).catch((error: unknown) =>
    logger.warn('pending copies not deleted', { keys, error }),
  );
}

/** Deletes attachments that were used; they no longer count as waiting to be sent. */
export async function discardUploads(userId: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await deleteBlobs(keys);
  await releasePendingUploads(userId, keys);
}

/** Checks and re-encodes an image, stores it under `prefix`, returns its key. */
export async function storeImage(prefix: string, bytes: Uint8Array): Promise<string> {
  const image = await normalizeImage(bytes);
  const key = `${prefix}${newId()}.jpg`;
  await putBlob(key, image.bytes, image.mimeType);
  return key;
}
