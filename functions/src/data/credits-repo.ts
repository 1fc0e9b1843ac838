import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type CreditPackage, GENERATION_COST } from '@thumbnail-studio/contract';
import { creditsToTakeBack, type LedgerEntry, ledgerKeys, ledgerReasons } from '../core/credits';
import type { ImageKeys, StoredMessage } from '../core/types';
import { ddb } from '../lib/clients';
import { InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { conversationExists } from './conversations-repo';
import { TransactionFailedError, tableName, transact } from './dynamo';
import { newMessageItem, settleJobItem } from './messages-repo';
import { tables } from './tables';

/**
 * The credits table holds, per user, one `balance` item and the ledger
 * entries that add up to it. Every change of the balance is written in one
 * transaction with its entry, whose key guards against applying it twice.
 */
const table = () => tableName('credits');
const BALANCE = 'balance';
const balanceKey = (userId: string) => ({ user_id: userId, sk: BALANCE });

const ledgerEntry = (
  userId: string,
  sk: string,
  amount: number,
  reason: string,
  jobId?: string,
  extra: Record<string, unknown> = {},
) => ({
  Put: {
    TableName: table(),
    Item: {
      ...extra,
      user_id: userId,
      sk,
      amount,
      reason,
      job_id: jobId,
      created_at: new Date().toISOString(),
    },
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
        ledgerReasons.generation(job.prompt),
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
      commit: ledgerEntry(
        job.user_id,
        ledgerKeys.job(job.id).commit,
        0,
        ledgerReasons.generation(job.prompt),
        job.id,
      ),
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
        ledgerReasons.refund(content),
        job.id,
      ),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/** The credits a checkout session added, or undefined when it has not been granted. */
export async function getPurchaseGrant(userId: string, sessionId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: table(),
      Key: { user_id: userId, sk: ledgerKeys.purchase(sessionId).grant },
      ConsistentRead: true,
    }),
  );
  return Item ? Number(Item.amount) : undefined;
}

/**
 * Adds a paid checkout session's credits to the buyer's balance with its
 * purchase entry, once per session however often and however concurrently
 * it is called. True when this call granted them, false when they already were.
 */
export async function grantPurchase(input: {
  userId: string;
  sessionId: string;
  pkg: CreditPackage;
  paymentIntent?: string;
}): Promise<boolean> {
  try {
    await transact({
      balance: {
        Update: {
          TableName: table(),
          Key: balanceKey(input.userId),
          UpdateExpression: 'SET credits = credits + :credits, updated_at = :now',
          ConditionExpression: 'attribute_exists(credits)',
          ExpressionAttributeValues: { ':credits': input.pkg.credits, ':now': new Date().toISOString() },
        },
      },
      purchase: ledgerEntry(
        input.userId,
        ledgerKeys.purchase(input.sessionId).grant,
        input.pkg.credits,
        ledgerReasons.purchase(input.pkg),
        undefined,
        { session_id: input.sessionId, package_id: input.pkg.id, payment_intent: input.paymentIntent },
      ),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError && error.failed.has('purchase')) return false;
    throw error;
  }
}

/**
 * Takes back what a refunded checkout session bought, never below zero, once:
 * the balance is read and changed on condition it is still what was read, so
 * a generation racing the refund is never overdrawn. Returns the credits taken
 * (0 when the session was never granted or was already taken back).
 */
export async function takeBackPurchase(input: { userId: string; sessionId: string; pkg?: CreditPackage }) {
  const keys = ledgerKeys.purchase(input.sessionId);
  for (;;) {
    const purchased = await getPurchaseGrant(input.userId, input.sessionId);
    const balance = await readBalance(input.userId);
    if (purchased === undefined || balance === undefined) return 0;
    const taken = creditsToTakeBack(purchased, balance);
    try {
      await transact({
        balance: {
          Update: {
            TableName: table(),
            Key: balanceKey(input.userId),
            UpdateExpression: 'SET credits = credits - :taken, updated_at = :now',
            ConditionExpression: 'credits = :read',
            ExpressionAttributeValues: {
              ':taken': taken,
              ':read': balance,
              ':now': new Date().toISOString(),
            },
          },
        },
        paymentRefund: ledgerEntry(
          input.userId,
          keys.paymentRefund,
          -taken,
          ledgerReasons.paymentRefund(input.pkg),
          undefined,
          { session_id: input.sessionId },
        ),
      });
      return taken;
    } catch (error) {
      if (!(error instanceof TransactionFailedError)) throw error;
      if (error.failed.has('paymentRefund')) return 0;
      // The balance moved between the read and the write: read again.
    }
  }
}

const PAGE_SIZE = 50;

/**
 * The user's ledger, newest first, a page at a time. The cursor is opaque to
 * callers and can only ever continue this user's own history.
 */
export async function listLedgerByUser(userId: string, cursor?: string) {
  const start = cursor ? decodeCursor(cursor) : undefined;
  const page = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: tables.credits.indexes.byCreated.name,
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
      ScanIndexForward: false,
      Limit: PAGE_SIZE,
      ExclusiveStartKey: start && { ...start, user_id: userId },
    }),
  );
  return {
    entries: (page.Items ?? []) as LedgerEntry[],
    nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : undefined,
  };
}

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const fields = ['sk', 'created_at'] as const;
    if (!fields.every((field) => typeof key?.[field] === 'string')) return undefined;
    return { sk: key.sk, created_at: key.created_at };
  } catch {
    return undefined;
  }
}

/** The balance as stored (no account opened): for the history's header. */
export const getBalance = async (userId: string) => (await readBalance(userId)) ?? 0;
