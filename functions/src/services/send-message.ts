import { INSUFFICIENT_CREDITS_TEXT, type ParsedSendMessageBody } from '@thumbnail-studio/contract';
import { enqueueJob } from '../adapters/job-queue';
import { refundText } from '../core/jobs';
import { newMessage, newQueuedJob } from '../core/messages';
import type { StoredMessage } from '../core/types';
import { refundJob, storeMessagesAndReserveCredit } from '../data/jobs-repo';
import { storeAnsweredMessages } from '../data/messages-repo';
import { InsufficientCreditsError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { commitReferences } from './references';
import { prepareUserMessage } from './user-messages';

export interface SendInput {
  userId: string;
  conversationId: string;
  body: ParsedSendMessageBody;
  /** The provider to ask: the body's, or the deployment's default, checked as offered. */
  provider: string;
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
export async function sendMessage({
  userId,
  conversationId,
  body,
  provider,
}: SendInput): Promise<SendResult> {
  const { userMessage, pending, uploads } = await prepareUserMessage(userId, conversationId, body);
  const job = newQueuedJob(userMessage, {
    id: newId(),
    provider,
    variations: body.variations,
    textMode: body.text_mode,
  });
  const refused = await commitReferences(userId, uploads, pending, () => reserveOrRefuse(userMessage, job));
  if (refused) return refused;
  try {
    await enqueueJob({
      jobId: job.id,
      conversationId,
      userId,
      requestId: userMessage.id,
    });
  } catch (error) {
    logger.error('enqueue failed; refunding the job', { jobId: job.id, error });
    await refundJob(job, 'enqueue-failed');
    return {
      outcome: 'failed',
      userMessage,
      assistantMessage: { ...job, status: 'error', content: refundText('enqueue-failed') },
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

/**
 * Keeps the message, answered by the not-enough-credits text in place of the job; nothing is
 * charged. Only in the caller's own conversation: a send may reach here without its conversation
 * having been read (the reservation's transaction is what checks it, and it failed on the balance),
 * so the answer is stored in one write that finds the conversation under the caller's own key, or
 * writes nothing and is not found.
 */
async function refuseForCredits(userMessage: StoredMessage, job: StoredMessage): Promise<SendResult> {
  const refused = newMessage({
    conversation_id: job.conversation_id,
    user_id: job.user_id,
    created_at: job.created_at,
    id: job.id,
    role: 'assistant',
    content: INSUFFICIENT_CREDITS_TEXT,
    status: 'error',
  });
  await storeAnsweredMessages(userMessage, refused);
  return { outcome: 'insufficient', userMessage, assistantMessage: refused };
}
