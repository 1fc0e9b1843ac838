import { blobSize, deleteBlobs, getBlob, putBlob } from '../adapters/blob-store';
import { BadRequestError } from '../lib/errors';
import { newId } from '../lib/ids';
import { normalizeImage } from '../lib/images';

/** Uploads larger than this are refused before decoding. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** At most this many images ride along with one message. */
export const MAX_IMAGES_PER_MESSAGE = 4;

/** Where a user's browser uploads land before the backend has checked them. */
export const uploadPrefix = (userId: string) => `uploads/${userId}/`;
/** Where checked, re-encoded reference images live. */
export const referencePrefix = (userId: string) => `refs/${userId}/`;

/**
 * Turns the keys a user sends into checked references: raw uploads are
 * decoded and re-encoded under `refs/`; references checked before (video
 * thumbnails) are kept. Keys outside the user's own prefixes are refused.
 */
export async function acceptReferences(userId: string, keys: string[]): Promise<string[]> {
  const missing = () => new BadRequestError('An attached image could not be found. Please attach it again.');
  return Promise.all(
    keys.map(async (key) => {
      if (key.startsWith(referencePrefix(userId)) && !key.includes('..')) {
        if ((await blobSize(key)) === undefined) throw missing();
        return key;
      }
      if (!key.startsWith(uploadPrefix(userId)) || key.includes('..')) throw missing();
      // A presigned PUT can't cap its size, so look before reading the object into memory.
      const size = await blobSize(key);
      if (size === undefined) throw missing();
      if (size > MAX_UPLOAD_BYTES) throw new BadRequestError('Images must be 10 MB or smaller.');
      const upload = await getBlob(key);
      if (!upload) throw missing();
      const reference = await storeReference(userId, upload.bytes);
      // The raw upload may carry EXIF location; only the re-encoded copy is kept.
      await deleteBlobs([key]);
      return reference;
    }),
  );
}

/** Checks and re-encodes an image, stores it as a reference of the user, returns its key. */
export async function storeReference(userId: string, bytes: Uint8Array): Promise<string> {
  const image = await normalizeImage(bytes);
  const key = `${referencePrefix(userId)}${newId()}.jpg`;
  await putBlob(key, image.bytes, image.mimeType);
  return key;
}
