import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { checkCreditAccount } from '../../functions/src/core/ledger-reconciliation';
import { localDocumentClient } from './dynamodb';
import { runTool } from './local-cloud-process';

/** Reads a user's credit items straight from DynamoDB Local, to check the ledger against the balance. */
export async function readCreditItems(dynamodbEndpoint: string, userId: string) {
  const client = localDocumentClient(dynamodbEndpoint);
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: 'credits',
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userId },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  const balance = Items.find((item) => item.sk === 'balance');
  const ledger = Items.filter((item) => String(item.sk).startsWith('ledger#'));
  const sum = ledger.reduce((total, entry) => total + Number(entry.amount), 0);
  return { balance: balance ? Number(balance.credits) : undefined, ledger, sum };
}

/**
 * What the ledger reconciliation finds for one user right now. The grace period is 0 by
 * default: call it once the user's jobs have settled, when every reserve must have its settlement.
 */
export async function ledgerFindings(dynamodbEndpoint: string, userId: string, graceMs = 0) {
  const { balance, ledger } = await readCreditItems(dynamodbEndpoint, userId);
  const entries = ledger.map((entry) => ({
    sk: String(entry.sk),
    amount: Number(entry.amount),
    created_at: entry.created_at as string | undefined,
  }));
  return checkCreditAccount({ userId, balance, entries }, Date.now(), graceMs).findings;
}

/** Runs `npm run reconcile` against a local cloud's data folder, to its exit. */
export const runReconcileCommand = (dataDir: string, args: string[] = []) =>
  runTool('tools/reconcile-ledger.ts', ['--data-dir', dataDir, ...args]);
