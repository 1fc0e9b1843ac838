import { type EditFrom, type MessageContent, REGION_TEXTS } from '@thumbnail-studio/contract';
import { imagesOf, newMessage } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { getModelsByIds } from '../data/models-repo';
import { BadRequestError } from '../lib/errors';
import { newId } from '../lib/ids';
import { copyReferences } from './references';
import { storeRequestMask } from './region-edit';

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
 * The image a send chose to edit, with its original's key: only one of the caller's own
 * finished images in this conversation will do. A region edit (`base`) edits the picture under
 * the image's layers, which are carried over to the result.
 */
export async function chosenImage(
  userId: string,
  conversationId: string,
  chosen: EditFrom,
  base = false,
): Promise<NonNullable<StoredMessage['edit_from']>> {
  const message = await getMessageById(userId, chosen.message_id);
  const image =
    message?.conversation_id === conversationId && message.status === 'done'
      ? imagesOf(message)[chosen.index]
      : undefined;
  if (!image) throw new BadRequestError(CHOSEN_IMAGE_GONE_TEXT);
  const picked = { message_id: chosen.message_id, index: chosen.index, key: image.original };
  if (!base || !image.base) return picked;
  return {
    ...picked,
    key: image.base,
    text_layers: image.text_layers ?? [],
    ...(image.logo ? { logo: image.logo } : {}),
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
  await requireModels(userId, content.selected_model_ids);
  if (content.mask && !content.edit_from) throw new BadRequestError(REGION_TEXTS.needsImage);
  return (
    content.edit_from && (await chosenImage(userId, conversationId, content.edit_from, Boolean(content.mask)))
  );
}

/**
 * The user's message of a send, as a send and an own-key answer store it: its people and chosen
 * image checked, its attachments copied into references, a region edit's mask checked and stored.
 * The copies and the mask are pending until `commitReferences` stores the message; `uploads` are
 * the caller's uploads it used, deleted then.
 */
export async function prepareUserMessage(
  userId: string,
  conversationId: string,
  content: MessageContent,
): Promise<{ userMessage: StoredMessage; references: string[]; uploads: string[] }> {
  const editFrom = await checkPeopleAndChosenImage(userId, conversationId, content);
  const [references, mask] = await Promise.all([
    copyReferences(userId, content.uploaded_images),
    content.mask && editFrom ? storeRequestMask(userId, content.mask, editFrom.key) : undefined,
  ]);
  const userMessage = newMessage({
    conversation_id: conversationId,
    user_id: userId,
    created_at: new Date().toISOString(),
    id: newId(),
    role: 'user',
    content: content.content,
    status: 'done',
    uploaded_images: references.length ? references : null,
    selected_model_ids: content.selected_model_ids.length ? content.selected_model_ids : null,
    ...(editFrom ? { edit_from: editFrom } : {}),
    ...(mask ? { mask_key: mask.key } : {}),
  });
  return {
    userMessage,
    references: [...references, ...(mask ? [mask.key] : [])],
    uploads: [...content.uploaded_images, ...(mask?.upload ? [mask.upload] : [])],
  };
}
