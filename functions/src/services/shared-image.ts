import { imagesOf, shareTokenOf } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { readMessage } from '../data/messages-repo';
import { getShareByToken } from '../data/shares-repo';

/**
 * The picture a public link shows: the 1280x720 JPEG (at most 600 KB, made when the image is
 * shared), or on an image older than it its preview JPEG. Never the multi-MB original: the
 * function answers the bytes themselves, base64-encoded under Lambda's 6 MB.
 */
export const sharedPictureKey = (keys: ImageKeys): string => keys.youtube ?? keys.preview;

/**
 * The message a public link shows and the key of the picture of the one image it shares, looked
 * up on every request: undefined once the link is revoked, or its message deleted. Only reads,
 * since anyone may ask.
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
  return { message, pictureKey: sharedPictureKey(keys) };
}
