import { type EditFrom, type MessageContent, REGION_TEXTS } from '@thumbnail-studio/contract';
import { deleteBlobs } from '../adapters/blob-store';
import { imagesOf, newMessage } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { getModelsByIds } from '../data/models-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { copyReferences } from './references';
import { maskKeyOf, regionSourceKey, storeSendMask } from './region-edit';

/** Refuses a send naming a person model the caller does not have. */
export async function requireModels(userId: string, modelIds: string[]): Promise<void> {
  const models = await getModelsByIds(userId, modelIds);
  if (models.length !== new Set(modelIds).size) {
    throw new BadRequestError('A selected model could not be found. Please pick your models again.');
  }
}

/** The text of a send whose chosen image is not one of the caller's images in this conversation. */
export const CHOSEN_IMAGE_GONE_TEXT =
  'The image chosen to edit is not in this conversation. Choose another one.';

/**
 * The image a send chose to edit, with its original's key (for a region edit, its picture without
 * text layers, when it has one): only one of the caller's own finished images in this
 * conversation will do.
 */
export async function chosenImage(userId: string, conversationId: string, chosen: EditFrom, region = false) {
  const message = await getMessageById(userId, chosen.message_id);
  // Another creator's message is not found, as a missing one is: nothing says it exists.
  if (!message) throw new NotFoundError('Message not found');
  const image =
    message.conversation_id === conversationId && message.status === 'done'
      ? imagesOf(message)[chosen.index]
      : undefined;
  if (!image) throw new BadRequestError(CHOSEN_IMAGE_GONE_TEXT);
  return {
    message_id: chosen.message_id,
    index: chosen.index,
    key: region ? regionSourceKey(image) : image.original,
  };
}

/**
 * Checks what a send names besides its attachments: its people must be the caller's, and the
 * image it edits one of the caller's in this conversation (returned with its key).
 */
export async function checkPeopleAndChosenImage(
  userId: string,
  conversationId: string,
  content: MessageContent,
) {
  // A region edit paints part of an image: it needs that image.
  if (content.mask && !content.edit_from) throw new BadRequestError(REGION_TEXTS.needsImage);
  await requireModels(userId, content.selected_model_ids);
  return (
    content.edit_from &&
    (await chosenImage(userId, conversationId, content.edit_from, content.mask !== undefined))
  );
}

/**
 * The user's message of a send, as a send and an own-key answer store it: its people and chosen
 * image checked, its attachments copied into references and its mask (a region edit) checked and
 * normalised. The copies and the mask (`pending`) stay pending until `commitReferences` stores the
 * message; `uploads` are the uploads it used up (its attachments and a mask's upload).
 */
export async function prepareUserMessage(
  userId: string,
  conversationId: string,
  content: MessageContent,
): Promise<{ userMessage: StoredMessage; pending: string[]; uploads: string[] }> {
  const editFrom = await checkPeopleAndChosenImage(userId, conversationId, content);
  const id = newId();
  const maskKey = editFrom && content.mask ? maskKeyOf(userId, id) : undefined;
  const mask =
    editFrom && maskKey && content.mask
      ? await storeSendMask(userId, content.mask, editFrom.key, maskKey)
      : undefined;
  const references = await copyReferences(userId, content.uploaded_images).catch(async (error: unknown) => {
    if (maskKey) await deleteBlobs([maskKey]);
    throw error;
  });
  const userMessage = newMessage({
    conversation_id: conversationId,
    user_id: userId,
    created_at: new Date().toISOString(),
    id,
    role: 'user',
    content: content.content,
    status: 'done',
    uploaded_images: references.length ? references : null,
    selected_model_ids: content.selected_model_ids.length ? content.selected_model_ids : null,
    ...(editFrom ? { edit_from: editFrom } : {}),
    ...(maskKey ? { mask_key: maskKey } : {}),
  });
  return {
    userMessage,
    pending: [...references, ...(maskKey ? [maskKey] : [])],
    uploads: [...content.uploaded_images, ...(mask?.upload ? [mask.upload] : [])],
  };
}
