import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Legibility } from '@thumbnail-studio/contract';
import {
  jobCost,
  type LedgerEntry,
  ledgerKeys,
  ledgerReasons,
  settlementEntries,
  type VariationOutcome,
} from '../core/credits';
import type { ImageKeys, StoredMessage } from '../core/types';
import { BadRequestError, InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { ddb } from '../lib/sdk-clients';
import { touchConversationItem } from './conversations-repo';
import { accountOpening, balanceChange, creditsTable, ledgerEntry, readBalance } from './credit-items';
import { TransactionFailedError, transact } from './dynamo';
import { newMessageItem, settleJobItem } from './messages-repo';
import { tables } from './tables';

/**
 * Opens the user's account with the initial grant: the balance item and its
 * ledger entry, both conditional, so it happens once per user however many
 * requests race to do it.
 */
async function openAccount(userId: string, initialCredits: number): Promise<void> {
  try {
    await transact(accountOpening(userId, initialCredits));
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

/** A send refused on its balance reads it and tries again at most this often (see below). */
const MAX_RESERVE_ATTEMPTS = 3;

/**
 * Stores the user's message and the pending assistant message (the job),
 * reserves the job's credit and moves the conversation to the top, all or
 * nothing: with no credit left, or the conversation gone (deleted by a request
 * that raced this one), nothing is written. A user's first send opens their
 * account (the initial grant) and tries once more; every other send is this
 * one transaction and no other write, so a burst of sends holds the balance
 * item as briefly as it can.
 *
 * A send refused on the balance is out of credits only if the balance it then
 * reads is short too: among a burst of first sends, most find no account yet
 * and one of them opens it, so each tries again instead of answering 402.
 */
export async function storeMessagesAndReserveCredit(
  userMessage: StoredMessage,
  job: StoredMessage,
  initialCredits: number,
): Promise<void> {
  // A job of N variations reserves N credits at once: all of them or none.
  const cost = jobCost(job.variations);
  for (let attempt = 1; ; attempt++) {
    try {
      await transact({
        conversation: touchConversationItem(job.user_id, job.conversation_id, job.created_at),
        userMessage: newMessageItem(userMessage),
        job: newMessageItem(job),
        balance: balanceChange(job.user_id, -cost, {
          expression: 'credits >= :cost',
          values: { ':cost': cost },
        }),
        reservation: ledgerEntry(
          job.user_id,
          ledgerKeys.job(job.id).reserve,
          -cost,
          ledgerReasons.generation(job.prompt),
          job.id,
        ),
      });
      return;
    } catch (error) {
      if (!(error instanceof TransactionFailedError)) throw error;
      if (error.failed.has('conversation')) throw new NotFoundError('Conversation not found');
      if (!error.failed.has('balance')) throw error;
      const balance = await readBalance(job.user_id);
      const short = balance !== undefined && balance < cost;
      if (short || attempt >= MAX_RESERVE_ATTEMPTS) throw new InsufficientCreditsError();
      if (balance === undefined) await openAccount(job.user_id, initialCredits);
    }
  }
}

/**
 * The transaction items that settle a job's variations: per variation a commit (its image
 * kept) or a refund (its credit back, saying why), each under its own key, and the balance
 * change of all the refunds. Written with the job's own settle, so all of it happens once.
 */
function settlementItems(job: StoredMessage, outcomes: readonly VariationOutcome[]) {
  const { entries, refunded } = settlementEntries(job.id, outcomes);
  const items: Record<string, ReturnType<typeof ledgerEntry> | ReturnType<typeof balanceChange>> = {};
  for (const entry of entries) {
    const reason =
      entry.refundWhy === undefined
        ? ledgerReasons.generation(job.prompt)
        : ledgerReasons.refund(entry.refundWhy);
    items[entry.name] = ledgerEntry(job.user_id, entry.sk, entry.amount, reason, job.id);
  }
  if (refunded > 0) items.balance = balanceChange(job.user_id, refunded);
  return items;
}

/** How many variations a job reserved credits for. */
const variationsOf = (job: StoredMessage) => job.variations ?? 1;

/**
 * Settles a job as done with the images it kept, once: each kept variation's credit is
 * committed, and each failed one (`failures`, by index among the variations asked for, with
 * the text that says why) refunded. `images` are the kept ones, in order. False if already settled.
 */
export async function completeJobAndCommitCredit(
  job: StoredMessage,
  result: {
    images: ImageKeys[];
    prompt: string;
    isEdit: boolean;
    failures?: ReadonlyMap<number, string>;
    /** A legibility verdict known already (no check will run), written with the settle. */
    legibility?: Legibility;
  },
): Promise<boolean> {
  const [first] = result.images;
  if (!first) throw new Error('a job is done only with an image');
  const outcomes = Array.from({ length: variationsOf(job) }, (_, index): VariationOutcome => {
    const why = result.failures?.get(index);
    return why === undefined ? { kept: true } : { kept: false, why };
  });
  if (outcomes.filter((o) => o.kept).length !== result.images.length) {
    throw new Error('every kept variation needs its image');
  }
  const several = result.images.length > 1;
  try {
    await transact({
      // The conversation moves to the top with its new image, in the same write; one deleted
      // meanwhile fails the settle, and its deletion refunds the job.
      conversation: touchConversationItem(job.user_id, job.conversation_id, new Date().toISOString()),
      job: settleJobItem(
        job,
        // The owner marks it for the gallery's index: only a finished image carries it.
        `#status = :done, content = :content, image_keys = :keys, prompt = :prompt, is_edit = :edit, is_image_message = :true, gallery_user_id = :owner, image_id = :imageId${several ? ', variation_keys = :all' : ''}${result.legibility ? ', legibility = :legibility' : ''}`,
        {
          ':owner': job.user_id,
          // Its image is now context for later requests: the conversation's image index lists it.
          ':imageId': job.id,
          ':done': 'done',
          ':content': '',
          ':keys': first,
          ':prompt': result.prompt,
          ':edit': result.isEdit,
          ':true': true,
          ...(several ? { ':all': result.images } : {}),
          ...(result.legibility ? { ':legibility': result.legibility } : {}),
        },
      ),
      ...settlementItems(job, outcomes),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/**
 * Settles a job as failed and refunds every credit it reserved, once: the job shows
 * `content` (the error text), the balance gets the credits back with a refund entry per
 * variation. False if the job had already settled.
 */
export async function refundJob(job: StoredMessage, content: string): Promise<boolean> {
  const outcomes = Array.from({ length: variationsOf(job) }, () => ({ kept: false, why: content }) as const);
  try {
    await transact({
      job: settleJobItem(job, '#status = :error, content = :content', {
        ':error': 'error',
        ':content': content,
      }),
      ...settlementItems(job, outcomes),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

const PAGE_SIZE = 50;

/**
 * The user's ledger, newest first, a page at a time. The cursor is opaque to
 * callers and can only ever continue this user's own history.
 */
export async function listLedgerByUser(userId: string, cursor?: string) {
  const start = cursor === undefined ? undefined : decodeCursor(cursor);
  if (cursor !== undefined && !start)
    throw new BadRequestError('That page of the credit history does not exist');
  const page = await ddb.send(
    new QueryCommand({
      TableName: creditsTable(),
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

/** A cursor this function handed out: a ledger key and an ISO time, nothing longer than a key can be. */
function decodeCursor(cursor: string): Record<string, string> | undefined {
  if (cursor.length > 1024) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const isKey = typeof key?.sk === 'string' && key.sk.startsWith('ledger#') && key.sk.length <= 512;
    const isTime = typeof key?.created_at === 'string' && !Number.isNaN(Date.parse(key.created_at));
    if (!isKey || !isTime) return undefined;
    return { sk: key.sk, created_at: key.created_at };
  } catch {
    return undefined;
  }
}

/** The balance as stored (no account opened): for the history's header. */
export const getBalance = async (userId: string) => (await readBalance(userId)) ?? 0;
