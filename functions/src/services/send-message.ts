import { type EditFrom, INSUFFICIENT_CREDITS_TEXT, UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { enqueueJob } from '../adapters/job-queue';
import { imagesOf, newMessage, newQueuedJob } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { getConversationById, updateConversation } from '../data/conversations-repo';
import { refundJob, storeMessagesAndReserveCredit } from '../data/credits-repo';
import { getMessageById, putMessage } from '../data/messages-repo';
import { getModelsByIds } from '../data/models-repo';
import { BadRequestError, InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { commitReferences, copyReferences } from './references';

export interface SendInput {
  userId: string;
  conversationId: string;
  content: string;
  provider: string;
  uploadKeys: string[];
  selectedModelIds: string[];
  /** How many variations to make, each for a credit (1 to 4). */
  variations?: number;
  /** 'Edit this one': an image of an earlier answer in this conversation, by message and index. */
  editFrom?: EditFrom;
}

export type SendResult = {
  /** `queued`: a job will answer; `insufficient`: no credit, nothing charged; `failed`: refunded at once. */
  outcome: 'queued' | 'insufficient' | 'failed';
  userMessage: StoredMessage;
  assistantMessage: StoredMessage;
};

/**
 * Sends a message as a generation job: the user's message and a pending
 * assistant message are stored together with the credit reservation, then
 * the job is queued. Without a credit the assistant's answer is the
 * not-enough-credits text and nothing is charged.
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  await requireModels(input.userId, input.selectedModelIds);
  const editFrom = input.editFrom && (await chosenImage(input.userId, input.conversationId, input.editFrom));
  const references = await copyReferences(input.userId, input.uploadKeys);
  const now = new Date().toISOString();
  const owner = { conversation_id: input.conversationId, user_id: input.userId, created_at: now };
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
  const job = newQueuedJob(userMessage, {
    id: newId(),
    provider: input.provider,
    variations: input.variations,
  });
  const refused = await commitReferences(input.userId, input.uploadKeys, references, () =>
    reserveOrRefuse(userMessage, job),
  );
  if (refused) return refused;
  try {
    await enqueueJob({
      jobId: job.id,
      conversationId: input.conversationId,
      userId: input.userId,
      requestId: userMessage.id,
    });
  } catch (error) {
    logger.error('enqueue failed; refunding the job', { jobId: job.id, error });
    await refundJob(job, UNEXPECTED_ERROR_TEXT);
    return {
      outcome: 'failed',
      userMessage,
      assistantMessage: { ...job, status: 'error', content: UNEXPECTED_ERROR_TEXT },
    };
  }
  return { outcome: 'queued', userMessage, assistantMessage: job };
}

/**
 * Stores the messages with the job's credit reserved; without a credit, the messages answered by
 * the not-enough-credits text (the send's result). Either way its user message is stored.
 */
async function reserveOrRefuse(
  userMessage: StoredMessage,
  job: StoredMessage,
): Promise<SendResult | undefined> {
  try {
    await storeMessagesAndReserveCredit(userMessage, job, settings().INITIAL_CREDITS);
    return undefined;
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    return refuseForCredits(userMessage, job);
  }
}

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
 * finished images in this conversation will do.
 */
export async function chosenImage(userId: string, conversationId: string, chosen: EditFrom) {
  const message = await getMessageById(userId, chosen.message_id);
  const image =
    message?.conversation_id === conversationId && message.status === 'done'
      ? imagesOf(message)[chosen.index]
      : undefined;
  if (!image) throw new BadRequestError(CHOSEN_IMAGE_GONE_TEXT);
  return { message_id: chosen.message_id, index: chosen.index, key: image.original };
}

/**
 * Keeps the message, answered by the not-enough-credits text in place of the job; nothing is
 * charged. Only in the caller's own conversation: a send may reach here without its conversation
 * having been read (the reservation's transaction is what checks it, and it failed on the balance).
 */
async function refuseForCredits(userMessage: StoredMessage, job: StoredMessage): Promise<SendResult> {
  if (!(await getConversationById(job.user_id, job.conversation_id))) {
    throw new NotFoundError('Conversation not found');
  }
  const refused = newMessage({
    conversation_id: job.conversation_id,
    user_id: job.user_id,
    created_at: job.created_at,
    id: job.id,
    role: 'assistant',
    content: INSUFFICIENT_CREDITS_TEXT,
    status: 'error',
  });
  await putMessage(userMessage);
  await putMessage(refused);
  await updateConversation(job.user_id, job.conversation_id, { updated_at: job.created_at });
  return { outcome: 'insufficient', userMessage, assistantMessage: refused };
}
