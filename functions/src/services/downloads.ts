import type { DownloadFormat } from '@thumbnail-studio/contract';
import { blobSize, getBlob, putBlob, signedGetUrl } from '../adapters/blob-store';
import { downloadKeysOf, imagesOf } from '../core/messages';
import type { ImageKeys } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { makeDownload } from '../lib/images';

/**
 * A signed URL of one of an image's 1280x720 downloads (`image`: which of the message's images), made from the provider's
 * original the first time anyone asks (a second of CPU at most, once per image and format)
 * and kept under the key the job fixed, so deleting the message deletes it too. Two first
 * requests at once both make it; they write the same bytes under the same key.
 */
export async function getDownloadUrl(userId: string, messageId: string, format: DownloadFormat, image = 0) {
  const message = await getMessageById(userId, messageId);
  // `image` is the index of one of the answer's images (its variations), the first by default.
  const keys = message && imagesOf(message)[image];
  if (!keys) throw new NotFoundError('Message not found');
  return signedGetUrl(await ensureDownload(keys, format));
}

/** The key of one of an image's downloads, made from the original first if no one has yet. */
export async function ensureDownload(keys: ImageKeys, format: DownloadFormat): Promise<string> {
  // Images older than the YouTube JPEG have only the PNG download.
  const key = downloadKeysOf(keys)[format];
  if (!key) throw new NotFoundError('This image has no JPEG download');
  if ((await blobSize(key)) === undefined) {
    const original = await getBlob(keys.original);
    if (!original) throw new NotFoundError('Message not found');
    const download = await makeDownload(original.bytes, format);
    await putBlob(key, download.bytes, download.contentType);
  }
  return key;
}

/**
 * The bytes of one of an image's downloads, made from the original (and kept) first if no one has
 * yet. Images older than the YouTube JPEG have no key for it: theirs is made each time, not kept.
 */
export async function readDownload(keys: ImageKeys, format: DownloadFormat): Promise<Uint8Array> {
  const key = downloadKeysOf(keys)[format];
  const stored = key ? await getBlob(key) : undefined;
  if (stored) return stored.bytes;
  const original = await getBlob(keys.original);
  if (!original) throw new NotFoundError('Message not found');
  const download = await makeDownload(original.bytes, format);
  if (key) await putBlob(key, download.bytes, download.contentType);
  return download.bytes;
}
