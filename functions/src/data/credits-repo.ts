import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ledgerKeys } from '../core/credits';
import { ddb } from '../lib/clients';
import { tableName } from '../lib/env';

const table = () => tableName('credits');
const BALANCE = 'balance';

async function readBalance(userId: string): Promise<number | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: table(), Key: { user_id: userId, sk: BALANCE }, ConsistentRead: true }),
  );
  return Item ? Number(Item.credits) : undefined;
}

/**
 * Opens the user's account with the initial grant: the balance item and its
 * ledger entry in one transaction, both conditional, so it happens once per
 * user however many requests race to do it.
 */
async function openAccount(userId: string, initialCredits: number): Promise<void> {
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { user_id: userId, sk: BALANCE, credits: initialCredits, updated_at: now },
              ConditionExpression: 'attribute_not_exists(sk)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: {
                user_id: userId,
                sk: ledgerKeys.initialGrant,
                amount: initialCredits,
                reason: 'Initial credits',
                created_at: now,
              },
              ConditionExpression: 'attribute_not_exists(sk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    // Already opened, or a racing first request is opening it (a conflict): re-read either way.
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
  }
}

/** The user's balance; the first call for a user grants the initial credits. */
export async function getOrOpenBalance(userId: string, initialCredits: number): Promise<number> {
  const balance = await readBalance(userId);
  if (balance !== undefined) return balance;
  await openAccount(userId, initialCredits);
  return (await readBalance(userId)) ?? 0;
}
