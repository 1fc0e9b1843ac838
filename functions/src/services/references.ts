import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_TEXT } from '@thumbnail-studio/contract';
import { blobSize, deleteBlobs, getBlob, putBlob } from '../adapters/blob-store';
import { BadRequestError } from '../lib/errors';
import { newId } from '../lib/ids';
import { normalizeImage } from '../lib/images';
import { releasePendingUploads } from './limits';

/**
 * Where attachments wait until a message is sent: browser uploads, and video
 * thumbnails the backend fetched. Ones never sent expire (a bucket lifecycle rule).
 */
export const uploadPrefix = (userId: string) => `uploads/${userId}/`;
/** Where checked, re-encoded references of sent messages live. */
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
 * Turns the keys a user sends into references: each must be one of the
 * user's own pending attachments; it is decoded, re-encoded under `refs/`
 * (no EXIF, capped size) and the attachment deleted.
 */
export async function acceptReferences(userId: string, keys: string[]): Promise<string[]> {
  const references = await Promise.all(
    keys.map(async (key) => storeImage(referencePrefix(userId), await readUpload(userId, key))),
  );
  await discardUploads(userId, keys);
  return references;
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
