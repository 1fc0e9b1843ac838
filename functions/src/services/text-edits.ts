import { type ParsedEditTextBody, TEXT_EDITED_TEXT } from '@thumbnail-studio/contract';
import { getBlob } from '../adapters/blob-store';
import { NOTHING_TO_CHECK } from '../core/legibility';
import { finishedImageFields, imagesOf, newMessage } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { getMessageById, storeAnsweredMessages } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { keepingImagesWith, storeImage } from './job-images';
import { checkLayers } from './text-layers';

/**
 * Edits the text of one of the caller's images for free: its layers are replaced by `layers`,
 * drawn over its base (the image itself when it has none, as on images made before layers), and
 * the result is stored as a new answer in the same conversation ('Text edited', an edit of that
 * image), so the chat keeps every version. No provider is asked and no credit is used. Another's
 * message, one without that image, or layers that cannot be drawn store nothing.
 */
export async function editImageText(
  userId: string,
  messageId: string,
  { image, layers }: ParsedEditTextBody,
): Promise<StoredMessage> {
  const source = await getMessageById(userId, messageId);
  const keys = source && imagesOf(source)[image];
  if (!source || !keys) throw new NotFoundError('Message not found');
  await checkLayers(layers);
  const base = await getBlob(keys.base ?? keys.original);
  if (!base) throw new NotFoundError('Message not found');

  const id = newId();
  // The new message's own copy of the base, so deleting either version leaves the other whole.
  const images = [(await storeImage(`images/${userId}/${id}/text`, base.bytes, layers)).keys];
  const edited = newMessage({
    id,
    conversation_id: source.conversation_id,
    user_id: userId,
    created_at: new Date().toISOString(),
    role: 'assistant',
    content: TEXT_EDITED_TEXT,
    status: 'done',
    edit_from: { message_id: source.id, index: image, key: keys.original },
    ...finishedImageFields({ id, user_id: userId }, images, {
      prompt: source.prompt ?? '',
      isEdit: true,
      // No job follows an edit of text, so no check does: the chat waits for no verdict.
      legibility: NOTHING_TO_CHECK,
    }),
  });
  await keepingImagesWith(images, () => storeAnsweredMessages(undefined, edited));
  return edited;
}
