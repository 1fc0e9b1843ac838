import { ownKeyAnswerText, type ParsedSaveOwnKeyAnswerBody } from '@thumbnail-studio/contract';
import { CLASSIFIER_TURNS, CONTEXT_IMAGE_MESSAGES } from '../core/jobs';
import { NOTHING_TO_CHECK } from '../core/legibility';
import { finishedImageFields, newMessage } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { listRecentMessages, storeAnsweredMessages } from '../data/messages-repo';
import { trackModelUsage } from '../data/models-repo';
import { newId } from '../lib/ids';
import { normalizeGeneratedImage } from '../lib/images';
import { nameOrTouchConversationAfterAnswer } from './conversations';
import { keepingImagesWith, storeJobImage } from './job-images';
import { commitReferences, discardUploads, readUpload } from './references';
import { regionEditOf } from './region-edit';
import { prepareUserMessage } from './user-messages';

export interface OwnKeyAnswer {
  userId: string;
  conversationId: string;
  /** The send's content, and the images made (the caller's own uploads) or the error read. */
  body: ParsedSaveOwnKeyAnswerBody;
}

/**
 * Stores an answer the browser made with the creator's own key, like a job's: the images are
 * read only from the caller's own uploads (size- and type-bound), re-encoded under the same caps
 * and given the same previews and downloads; the user's message (its references re-encoded as
 * for a send) and the assistant's are stored together, the conversation is named after its first
 * exchange and the people's use counted. No credit was reserved, so no ledger entry is written.
 */
export async function saveOwnKeyAnswer({ userId, conversationId, body }: OwnKeyAnswer) {
  // Every made image is checked before anything is stored: a bad one refuses the whole answer.
  const originals = await Promise.all(
    body.images.map(async (key) => normalizeGeneratedImage(await readUpload(userId, key))),
  );
  const { userMessage, pending, uploads } = await prepareUserMessage(userId, conversationId, body);
  const answer = newMessage({
    conversation_id: conversationId,
    user_id: userId,
    created_at: userMessage.created_at,
    id: newId(),
    role: 'assistant',
    content: body.error ?? ownKeyAnswerText(body.provider),
    status: body.error ? 'error' : 'done',
    provider: body.provider,
    request_id: userMessage.id,
  });
  const assistantMessage = await commitReferences(userId, uploads, pending, async () => {
    // A region edit's answers are put back over its source through the painted area only.
    const region = userMessage.mask_key && originals.length ? await regionEditOf(userMessage) : undefined;
    const images = await Promise.all(
      originals.map(async (png, position) => {
        const put = region && (await region.putBack(png));
        return (await storeJobImage(answer, put?.bytes ?? png, position, put?.layers, put?.logo)).keys;
      }),
    );
    const withAnswer = withImages(answer, images, body);
    await keepingImagesWith(images, () => storeAnsweredMessages(userMessage, withAnswer));
    return withAnswer;
  });
  await discardUploads(userId, body.images);
  await afterAnswer(userMessage, assistantMessage);
  return { userMessage, assistantMessage };
}

/** The assistant's message with its images, as a settled job holds them (the gallery lists it too). */
function withImages(
  answer: StoredMessage,
  images: ImageKeys[],
  body: ParsedSaveOwnKeyAnswerBody,
): StoredMessage {
  if (images.length === 0) return answer;
  return {
    ...answer,
    ...finishedImageFields(answer, images, {
      prompt: body.content,
      isEdit: body.is_edit,
      // No worker checks an image made in the browser (it settles no job): the empty verdict tells
      // the chat, which follows a new image until its verdict arrives, not to wait for one.
      legibility: NOTHING_TO_CHECK,
    }),
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
