import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditAccount, StoredLedgerEntry } from '../core/ledger-reconciliation';
import { ddb } from '../lib/sdk-clients';
import { balanceKey, creditsTable } from './credit-items';
import { queryAll } from './dynamo';
import { tables } from './tables';

type CreditItem = Record<string, unknown> & { user_id: string; sk: string };

/** One user's items as the reconciliation sees them: the balance apart from the ledger entries. */
function toAccount(userId: string, items: readonly CreditItem[]): CreditAccount {
  const balance = items.find((item) => item.sk === balanceKey(userId).sk);
  const entries: StoredLedgerEntry[] = items
    .filter((item) => item.sk.startsWith('ledger#'))
    .map((item) => ({
      sk: item.sk,
      amount: Number(item.amount),
      created_at: typeof item.created_at === 'string' ? item.created_at : undefined,
    }));
  return { userId, balance: balance ? Number(balance.credits) : undefined, entries };
}

/**
 * Every account in the credits table, one user at a time, read page by page.
 *
 * This is a Scan, and deliberately so: it serves the operator's command and the
 * daily check, never a request, and reading the whole table is its job.
 * Request paths keep to keys and indexes. A user's items come back together
 * (they share a partition and are read in key order), so only one account is
 * held in memory at a time. Should a user's items ever arrive split, the
 * parts look wrong on their own; callers re-read a user with
 * `readCreditAccount` before believing a finding.
 */
export async function* scanCreditAccounts(pageSize?: number): AsyncGenerator<CreditAccount> {
  let userId: string | undefined;
  let items: CreditItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: creditsTable(),
        ConsistentRead: true,
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (page.Items ?? []) as CreditItem[]) {
      if (item.user_id !== userId) {
        if (userId !== undefined) yield toAccount(userId, items);
        userId = item.user_id;
        items = [];
      }
      items.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  if (userId !== undefined) yield toAccount(userId, items);
}

/** One user's account, read consistently from its partition. */
export async function readCreditAccount(userId: string): Promise<CreditAccount> {
  const items = await queryAll<CreditItem>({
    TableName: creditsTable(),
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
    ConsistentRead: true,
  });
  return toAccount(userId, items);
}

/**
 * The users who wrote ledger entries in the given hours (`ledgerHourOf`), each once, read from
 * the sparse `by-hour` index: the hourly check reads these users' accounts instead of the table.
 */
export async function usersWithEntriesIn(hours: readonly string[]): Promise<string[]> {
  const users = new Set<string>();
  for (const hour of hours) {
    const items = await queryAll<{ user_id: string }>({
      TableName: creditsTable(),
      IndexName: tables.credits.indexes.byHour.name,
      KeyConditionExpression: 'ledger_hour = :hour',
      ExpressionAttributeValues: { ':hour': hour },
      ProjectionExpression: 'user_id',
    });
    for (const { user_id } of items) users.add(user_id);
  }
  return [...users];
}
