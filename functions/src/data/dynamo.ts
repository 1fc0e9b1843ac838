import {
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/sdk-clients';
import { requireSetting } from '../lib/settings';
import { type TableName, tables } from './tables';

/** The deployed name of a table, from its environment variable. */
export const tableName = (table: TableName): string => requireSetting(tables[table].envVar);

/** A Query read to its last page. */
export async function queryAll<T>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as T[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A write whose condition did not hold: the item is not in the state the write expects. */
export const isConditionalFailure = (error: unknown): boolean =>
  (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** Runs a conditional write; undefined when its condition did not hold. */
export async function unlessConditionFails<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
}

/**
 * A random wait before trying again a write that lost a race, growing with each attempt (up to
 * 20 ms x 2^attempt), so the writers that lost one race don't meet again in step.
 */
export const waitAfterConflict = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction whose items did not all hold: `failed` names the items whose condition failed. */
export class TransactionFailedError extends Error {
  constructor(readonly failed: ReadonlySet<string>) {
    super(`Transaction cancelled: ${[...failed].join(', ') || 'no condition failed'}`);
    this.name = 'TransactionFailedError';
  }
}

const cancellationCodes = (error: unknown): (string | undefined)[] =>
  (error as Error).name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code)
    : [];

/**
 * Writes named items all or nothing, retrying DynamoDB's transaction conflicts
 * (contention, not failures). When conditions fail, the error names those items.
 */
export async function transact<N extends string>(items: { [name in N]?: TransactItem }): Promise<void> {
  // An item left out (undefined) is not part of the transaction.
  const names = (Object.keys(items) as N[]).filter((name) => items[name] !== undefined);
  const list = names.map((name) => items[name] as TransactItem);
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: list }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes.includes('TransactionConflict') && attempt < 8) {
        await waitAfterConflict(attempt);
        continue;
      }
      if (codes.includes('ConditionalCheckFailed')) {
        throw new TransactionFailedError(
          new Set(names.filter((_, index) => codes[index] === 'ConditionalCheckFailed')),
        );
      }
      throw error;
    }
  }
}
