import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerEntry } from '../core/credits';
import { BadRequestError } from '../lib/errors';
import { ddb } from '../lib/sdk-clients';
import { accountOpening, creditsTable, readBalance } from './credit-items';
import { TransactionFailedError, transact } from './dynamo';
import { tables } from './tables';

/**
 * Opens the user's account with the initial grant: the balance item and its
 * ledger entry, both conditional, so it happens once per user however many
 * requests race to do it.
 */
export async function openAccount(userId: string, initialCredits: number): Promise<void> {
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
