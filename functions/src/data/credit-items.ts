import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ledgerKeys, ledgerReasons } from '../core/credits';
import { ledgerHourOf } from '../core/ledger-hours';
import { ddb } from '../lib/sdk-clients';
import { tableName } from './dynamo';

/**
 * The credits table holds, per user, one `balance` item and the ledger
 * entries that add up to it. Every change of the balance is written in one
 * transaction with its entry, whose key guards against applying it twice.
 * These are the table's building blocks for the credit and purchase repositories.
 */
export const creditsTable = () => tableName('credits');
const BALANCE = 'balance';
export const balanceKey = (userId: string) => ({ user_id: userId, sk: BALANCE });

/**
 * A transaction item that adds `delta` (negative to take) to the balance. `condition` guards it,
 * e.g. `credits >= :cost`, with its own values; a balance change always travels with its ledger entry.
 */
export const balanceChange = (
  userId: string,
  delta: number,
  condition?: { expression: string; values?: Record<string, unknown> },
) => ({
  Update: {
    TableName: creditsTable(),
    Key: balanceKey(userId),
    UpdateExpression: 'SET credits = credits + :delta, updated_at = :now',
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    ExpressionAttributeValues: { ':delta': delta, ':now': new Date().toISOString(), ...condition?.values },
  },
});

/**
 * A transaction item that writes a ledger entry once: its key is the guard. `ledger_hour` files
 * it under the hour it was written in, where the hourly ledger check finds its user.
 */
export const ledgerEntry = (
  userId: string,
  sk: string,
  amount: number,
  reason: string,
  jobId?: string,
  extra: Record<string, unknown> = {},
) => {
  const createdAt = new Date().toISOString();
  return {
    Put: {
      TableName: creditsTable(),
      Item: {
        ...extra,
        user_id: userId,
        sk,
        amount,
        reason,
        job_id: jobId,
        created_at: createdAt,
        ledger_hour: ledgerHourOf(createdAt),
      },
      ConditionExpression: 'attribute_not_exists(sk)',
    },
  };
};

/**
 * The transaction items that open a user's account: the balance item, holding the initial
 * credits plus `alongside` (credits the same transaction adds with their own entries), and the
 * initial grant's entry. Both are conditional, so an account opens once however many race to open it.
 */
export const accountOpening = (userId: string, initialCredits: number, alongside = 0) => ({
  balance: {
    Put: {
      TableName: creditsTable(),
      Item: {
        ...balanceKey(userId),
        credits: initialCredits + alongside,
        updated_at: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(sk)',
    },
  },
  initialGrant: ledgerEntry(userId, ledgerKeys.initialGrant, initialCredits, ledgerReasons.initialGrant),
});

/** The stored balance, or undefined before the account is opened. */
export async function readBalance(userId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: creditsTable(), Key: balanceKey(userId), ConsistentRead: true }),
  );
  return Item ? Number(Item.credits) : undefined;
}
