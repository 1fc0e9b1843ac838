import { downloadKeysOf } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { readMessage } from '../data/messages-repo';
import { getShareByToken } from '../data/shares-repo';

/**
 * The image a public link shows and the key of its picture (the 1280x720 JPEG, or the PNG of an
 * image older than it), looked up on every request: undefined once the link is revoked, or its
 * message deleted. Only reads, since anyone may ask.
 */
export async function findSharedImage(
  token: string,
): Promise<{ message: StoredMessage; pictureKey: string } | undefined> {
  const share = await getShareByToken(token);
  if (!share) return undefined;
  const message = await readMessage({ conversation_id: share.conversation_id, id: share.message_id });
  // The message's own mark must agree: a link revoked and made again has a new token.
  if (!message?.image_keys || message.user_id !== share.user_id || message.share_token !== token) {
    return undefined;
  }
  const downloads = downloadKeysOf(message.image_keys);
  const pictureKey = downloads.jpeg ?? downloads.png;
  return pictureKey ? { message, pictureKey } : undefined;
}
