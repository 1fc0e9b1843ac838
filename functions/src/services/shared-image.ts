import { downloadKeysOf, imagesOf, shareTokenOf } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { readMessage } from '../data/messages-repo';
import { getShareByToken } from '../data/shares-repo';

/**
 * The message a public link shows and the key of its picture (the 1280x720 JPEG, or the PNG of an
 * image older than it) of the one image it shares, looked up on every request: undefined once the
 * link is revoked, or its message deleted. Only reads, since anyone may ask.
 */
export async function findSharedImage(
  token: string,
): Promise<{ message: StoredMessage; pictureKey: string } | undefined> {
  const share = await getShareByToken(token);
  if (!share) return undefined;
  const message = await readMessage({ conversation_id: share.conversation_id, id: share.message_id });
  // Links made before variations name no image: theirs is the first.
  const index = share.image_index ?? 0;
  const keys = message && imagesOf(message)[index];
  // The message's own mark must agree: a link revoked and made again has a new token.
  if (!message || !keys || message.user_id !== share.user_id || shareTokenOf(message, index) !== token) {
    return undefined;
  }
  const downloads = downloadKeysOf(keys);
  const pictureKey = downloads.jpeg ?? downloads.png;
  return pictureKey ? { message, pictureKey } : undefined;
}
