import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { GENERATION_COST } from '@thumbnail-studio/contract';
import { ledgerKeys, ledgerReasons } from '../core/credits';
import type { ImageKeys, StoredMessage } from '../core/types';
import { ddb } from '../lib/clients';
import { InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { conversationExists } from './conversations-repo';
import { TransactionFailedError, tableName, transact } from './dynamo';
import { newMessageItem, settleJobItem } from './messages-repo';

/**
 * The credits table holds, per user, one `balance` item and the ledger
 * entries that add up to it. Every change of the balance is written in one
 * transaction with its entry, whose key guards against applying it twice.
 */
const table = () => tableName('credits');
const BALANCE = 'balance';
const balanceKey = (userId: string) => ({ user_id: userId, sk: BALANCE });

const ledgerEntry = (userId: string, sk: string, amount: number, reason: string, jobId?: string) => ({
  Put: {
    TableName: table(),
    Item: { user_id: userId, sk, amount, reason, job_id: jobId, created_at: new Date().toISOString() },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

async function readBalance(userId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: balanceKey(userId), ConsistentRead: true }),
  );
  return Item ? Number(Item.credits) : undefined;
}

/**
 * Opens the user's account with the initial grant: the balance item and its
 * ledger entry, both conditional, so it happens once per user however many
 * requests race to do it.
 */
async function openAccount(userId: string, initialCredits: number): Promise<void> {
  try {
    await transact({
      balance: {
        Put: {
          TableName: table(),
          Item: { ...balanceKey(userId), credits: initialCredits, updated_at: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      },
      grant: ledgerEntry(userId, ledgerKeys.initialGrant, initialCredits, ledgerReasons.initialGrant),
    });
  } catch (error) {
    // Already opened, or a racing first request is opening it: re-read either way.
    if (
      !(error instanceof TransactionFailedError) &&
      (error as Error).name !== 'TransactionCanceledException'
    ) {
      throw error;
    }
  }
}

/** The user's balance; the first call for a user grants the initial credits. */
export async function getOrOpenBalance(userId: string, initialCredits: number): Promise<number> {
  const balance = await readBalance(userId);
  if (balance !== undefined) return balance;
  await openAccount(userId, initialCredits);
  return (await readBalance(userId)) ?? 0;
}

/**
 * Stores the user's message and the pending assistant message (the job) and
 * reserves the job's credit, all or nothing: with no credit left, or the
 * conversation gone (deleted by a request that raced this one), nothing is written.
 */
export async function storeMessagesAndReserveCredit(userMessage: StoredMessage, job: StoredMessage) {
  try {
    await transact({
      conversation: conversationExists(job.user_id, job.conversation_id),
      userMessage: newMessageItem(userMessage),
      job: newMessageItem(job),
      balance: {
        Update: {
          TableName: table(),
          Key: balanceKey(job.user_id),
          UpdateExpression: 'SET credits = credits - :cost, updated_at = :now',
          ConditionExpression: 'credits >= :cost',
          ExpressionAttributeValues: { ':cost': GENERATION_COST, ':now': job.created_at },
        },
      },
      reservation: ledgerEntry(
        job.user_id,
        ledgerKeys.job(job.id).reserve,
        -GENERATION_COST,
        ledgerReasons.generation,
        job.id,
      ),
    });
  } catch (error) {
    if (!(error instanceof TransactionFailedError)) throw error;
    if (error.failed.has('conversation')) throw new NotFoundError('Conversation not found');
    if (error.failed.has('balance')) throw new InsufficientCreditsError();
    throw error;
  }
}

/** Settles a job as done: the image message and the commit of its reserved credit, once. False if already settled. */
export async function completeJobAndCommitCredit(
  job: StoredMessage,
  result: { imageKeys: ImageKeys; prompt: string; isEdit: boolean },
): Promise<boolean> {
  try {
    await transact({
      job: settleJobItem(
        job,
        '#status = :done, content = :content, image_keys = :keys, prompt = :prompt, is_edit = :edit, is_image_message = :true',
        {
          ':done': 'done',
          ':content': '',
          ':keys': result.imageKeys,
          ':prompt': result.prompt,
          ':edit': result.isEdit,
          ':true': true,
        },
      ),
      commit: ledgerEntry(job.user_id, ledgerKeys.job(job.id).commit, 0, ledgerReasons.generation, job.id),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/**
 * Settles a job as failed and refunds its reserved credit, once: the job shows
 * `content` (the error text), the balance gets the credit back with a refund
 * entry. False if the job had already settled.
 */
export async function refundJob(job: StoredMessage, content: string): Promise<boolean> {
  try {
    await transact({
      job: settleJobItem(job, '#status = :error, content = :content', {
        ':error': 'error',
        ':content': content,
      }),
      balance: {
        Update: {
          TableName: table(),
          Key: balanceKey(job.user_id),
          UpdateExpression: 'SET credits = credits + :cost',
          ExpressionAttributeValues: { ':cost': GENERATION_COST },
        },
      },
      refund: ledgerEntry(
        job.user_id,
        ledgerKeys.job(job.id).refund,
        GENERATION_COST,
        ledgerReasons.refund,
        job.id,
      ),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}
