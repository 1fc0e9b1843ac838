import type { StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { createShare, deleteShare } from '../data/shares-repo';
import { NotFoundError } from '../lib/errors';
import { newShareToken } from '../lib/ids';
import { ensureDownload } from './downloads';

const NOT_FOUND_TEXT = 'Message not found';

async function requireImage(userId: string, messageId: string): Promise<StoredMessage> {
  const message = await getMessageById(userId, messageId);
  if (!message?.image_keys || message.status !== 'done') throw new NotFoundError(NOT_FOUND_TEXT);
  return message;
}

/**
 * The public link of one of the user's images: its token, made now or the one it already has.
 * The picture the page shows (the 1280x720 JPEG, or the PNG of an image older than it) is made
 * first, so the public routes only read.
 */
export async function shareImage(userId: string, messageId: string): Promise<string> {
  const message = await requireImage(userId, messageId);
  if (message.share_token) return message.share_token;
  const keys = message.image_keys as NonNullable<StoredMessage['image_keys']>;
  await ensureDownload(keys, keys.youtube ? 'jpeg' : 'png');
  if (await createShare(message, newShareToken(), new Date().toISOString())) {
    return (await requireImage(userId, messageId)).share_token ?? '';
  }
  // Shared meanwhile by another request (the same token for both), or deleted.
  const again = await requireImage(userId, messageId);
  if (!again.share_token) throw new NotFoundError(NOT_FOUND_TEXT);
  return again.share_token;
}

/** Revokes the image's public link, if it has one: its page and picture answer 404 from now on. */
export async function unshareImage(userId: string, messageId: string): Promise<void> {
  const message = await getMessageById(userId, messageId);
  if (!message) throw new NotFoundError(NOT_FOUND_TEXT);
  if (message.share_token) await deleteShare({ ...message, share_token: message.share_token });
}
