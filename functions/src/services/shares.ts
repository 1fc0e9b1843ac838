import { imagesOf, shareTokenOf } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { createShare, deleteShare } from '../data/shares-repo';
import { NotFoundError } from '../lib/errors';
import { newShareToken } from '../lib/ids';
import { ensureDownload } from './downloads';

const NOT_FOUND_TEXT = 'Message not found';

/** The user's finished message and its `index`th image (one of its variations), or a 404. */
async function requireImage(
  userId: string,
  messageId: string,
  index: number,
): Promise<{ message: StoredMessage; keys: ImageKeys }> {
  const message = await getMessageById(userId, messageId);
  const keys = message?.status === 'done' ? imagesOf(message)[index] : undefined;
  if (!message || !keys) throw new NotFoundError(NOT_FOUND_TEXT);
  return { message, keys };
}

/**
 * The public link of one of the user's images (`index`: which of the message's images, the first
 * by default): its token, made now or the one it already has. Each variation has a link of its
 * own. The picture the page shows (the 1280x720 JPEG; an image older than it shows its preview) is
 * made first, so the public routes only read.
 */
export async function shareImage(userId: string, messageId: string, index = 0): Promise<string> {
  const { message, keys } = await requireImage(userId, messageId, index);
  const existing = shareTokenOf(message, index);
  if (existing) return existing;
  if (keys.youtube) await ensureDownload(keys, 'jpeg');
  await createShare(message, index, newShareToken(), new Date().toISOString());
  // Made now, or meanwhile by another request (the same token for both); none if it was deleted.
  const token = shareTokenOf((await requireImage(userId, messageId, index)).message, index);
  if (!token) throw new NotFoundError(NOT_FOUND_TEXT);
  return token;
}

/**
 * Revokes the public link of one of the message's images, if it has one: its page and picture
 * answer 404 from now on. The links of its other images stay.
 */
export async function unshareImage(userId: string, messageId: string, index = 0): Promise<void> {
  const message = await getMessageById(userId, messageId);
  if (!message || (index > 0 && !imagesOf(message)[index])) throw new NotFoundError(NOT_FOUND_TEXT);
  const token = shareTokenOf(message, index);
  if (token) await deleteShare(message, index, token);
}
