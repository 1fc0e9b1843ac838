import { type EditFrom, type OwnKeyProvider, ownKeyAnswerText } from '@thumbnail-studio/contract';
import { deleteBlobs } from '../adapters/blob-store';
import { CLASSIFIER_TURNS, CONTEXT_IMAGE_MESSAGES } from '../core/jobs';
import { NOTHING_TO_CHECK } from '../core/legibility';
import { keysOfImage, newMessage } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { listRecentMessages, storeAnsweredMessages } from '../data/messages-repo';
import { trackModelUsage } from '../data/models-repo';
import { newId } from '../lib/ids';
import { normalizeGeneratedImage } from '../lib/images';
import { nameOrTouchConversationAfterAnswer } from './conversations';
import { storeJobImage } from './job-images';
import { commitReferences, copyReferences, discardUploads, readUpload } from './references';
import { chosenImage, requireModels } from './send-message';

export interface OwnKeyAnswer {
  userId: string;
  conversationId: string;
  content: string;
  provider: OwnKeyProvider;
  uploadKeys: string[];
  selectedModelIds: string[];
  editFrom?: EditFrom | undefined;
  isEdit: boolean;
  /** The caller's own uploads holding the images made, one per variation kept. */
  imageKeys: string[];
  /** Or the text the creator read when the provider made none. */
  error?: string | undefined;
}

/**
 * Stores an answer the browser made with the creator's own key, like a job's: the images are
 * read only from the caller's own uploads (size- and type-bound), re-encoded under the same caps
 * and given the same previews and downloads; the user's message (its references re-encoded as
 * for a send) and the assistant's are stored together, the conversation is named after its first
 * exchange and the people's use counted. No credit was reserved, so no ledger entry is written.
 */
export async function saveOwnKeyAnswer(input: OwnKeyAnswer) {
  const { userId, conversationId } = input;
  await requireModels(userId, input.selectedModelIds);
  const editFrom = input.editFrom && (await chosenImage(userId, conversationId, input.editFrom));
  // Every made image is checked before anything is stored: a bad one refuses the whole answer.
  const originals = await Promise.all(
    input.imageKeys.map(async (key) => normalizeGeneratedImage(await readUpload(userId, key))),
  );
  const references = await copyReferences(userId, input.uploadKeys);
  const now = new Date().toISOString();
  const owner = { conversation_id: conversationId, user_id: userId, created_at: now };
  const userMessage = newMessage({
    ...owner,
    id: newId(),
    role: 'user',
    content: input.content,
    status: 'done',
    uploaded_images: references.length ? references : null,
    selected_model_ids: input.selectedModelIds.length ? input.selectedModelIds : null,
    ...(editFrom ? { edit_from: editFrom } : {}),
  });
  const answer = newMessage({
    ...owner,
    id: newId(),
    role: 'assistant',
    content: input.error ?? ownKeyAnswerText(input.provider),
    status: input.error ? 'error' : 'done',
    provider: input.provider,
    request_id: userMessage.id,
  });
  const assistantMessage = await commitReferences(userId, input.uploadKeys, references, async () => {
    const images = await Promise.all(originals.map((png, position) => storeJobImage(answer, png, position)));
    const withAnswer = withImages(answer, images, input);
    try {
      await storeAnsweredMessages(userMessage, withAnswer);
    } catch (error) {
      await deleteBlobs(images.flatMap(keysOfImage));
      throw error;
    }
    return withAnswer;
  });
  await discardUploads(userId, input.imageKeys);
  await afterAnswer(userMessage, assistantMessage);
  return { userMessage, assistantMessage };
}

/** The assistant's message with its images, as a settled job holds them (the gallery lists it too). */
function withImages(answer: StoredMessage, images: ImageKeys[], input: OwnKeyAnswer): StoredMessage {
  const [first] = images;
  if (!first) return answer;
  return {
    ...answer,
    image_keys: first,
    ...(images.length > 1 ? { variation_keys: images } : {}),
    prompt: input.content,
    is_edit: input.isEdit,
    is_image_message: true,
    gallery_user_id: answer.user_id,
    // No worker checks an image made in the browser (it settles no job): the empty verdict tells
    // the chat, which follows a new image until its verdict arrives, not to wait for one.
    legibility: NOTHING_TO_CHECK,
  };
}

/** What follows a job's answer: the title after the first exchange, and the people's use. */
async function afterAnswer(userMessage: StoredMessage, assistantMessage: StoredMessage) {
  if (assistantMessage.status !== 'done') return;
  const recent = await listRecentMessages(userMessage.conversation_id, userMessage.id, {
    turns: CLASSIFIER_TURNS,
    imageMessages: CONTEXT_IMAGE_MESSAGES,
  });
  await nameOrTouchConversationAfterAnswer(
    userMessage,
    recent.messages.filter((m) => m.status !== 'error'),
  );
  if (userMessage.selected_model_ids?.length) {
    await trackModelUsage(userMessage.user_id, userMessage.selected_model_ids, new Date().toISOString());
  }
}
