import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jobLedgerKeys } from '../core/credits';
import { JOB_LEASE_MS, PENDING_SHARD } from '../core/jobs';
import type { ImageKeys, StoredMessage } from '../core/types';
import { ddb } from '../lib/clients';
import { tableName } from '../lib/env';
import { InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { tables } from './tables';

const messages = () => tableName('messages');
const credits = () => tableName('credits');

const cancellationCodes = (error: unknown): (string | undefined)[] =>
  (error as Error).name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code)
    : [];

/** Runs a transaction, retrying DynamoDB's transaction conflicts (contention, not failures). */
async function transact(
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const conflicted = cancellationCodes(error).includes('TransactionConflict');
      if (!conflicted || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/**
 * Stores the user's message and the pending assistant message and reserves
 * one credit, all or nothing: with no credit left, or the conversation gone
 * (deleted by a request that raced this one), nothing is written.
 */
export async function startJob(userMessage: StoredMessage, job: StoredMessage, cost: number): Promise<void> {
  const now = job.created_at;
  try {
    await transact([
      {
        ConditionCheck: {
          TableName: tableName('conversations'),
          Key: { user_id: job.user_id, id: job.conversation_id },
          ConditionExpression: 'attribute_exists(id)',
        },
      },
      { Put: { TableName: messages(), Item: userMessage, ConditionExpression: 'attribute_not_exists(id)' } },
      { Put: { TableName: messages(), Item: job, ConditionExpression: 'attribute_not_exists(id)' } },
      {
        Update: {
          TableName: credits(),
          Key: { user_id: job.user_id, sk: 'balance' },
          UpdateExpression: 'SET credits = credits - :cost, updated_at = :now',
          ConditionExpression: 'credits >= :cost',
          ExpressionAttributeValues: { ':cost': cost, ':now': now },
        },
      },
      {
        Put: {
          TableName: credits(),
          Item: {
            user_id: job.user_id,
            sk: jobLedgerKeys(job.id).reserve,
            amount: -cost,
            reason: 'Image generation or edit',
            job_id: job.id,
            created_at: now,
          },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      },
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') throw new NotFoundError('Conversation not found');
    if (codes[3] === 'ConditionalCheckFailed') throw new InsufficientCreditsError();
    throw error;
  }
}

/**
 * Takes the job for this delivery: only a pending job that is queued, or
 * whose previous worker's lease ran out. Undefined means someone else has it
 * or it already settled, so a repeated delivery does nothing.
 */
export async function claimJob(job: {
  conversationId: string;
  jobId: string;
}): Promise<StoredMessage | undefined> {
  const now = Date.now();
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: messages(),
        Key: { conversation_id: job.conversationId, id: job.jobId },
        UpdateExpression: 'SET job_state = :running, started_at = :now ADD attempts :one',
        ConditionExpression:
          '#status = :pending AND (job_state = :queued OR (job_state = :running AND started_at < :expired))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':queued': 'queued',
          ':running': 'running',
          ':now': new Date(now).toISOString(),
          ':expired': new Date(now - JOB_LEASE_MS).toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as StoredMessage;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Shows the job's phase ('Editing your image...') while it is still pending. */
export async function setJobText(job: StoredMessage, content: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: messages(),
        Key: { conversation_id: job.conversation_id, id: job.id },
        UpdateExpression: 'SET content = :content',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':content': content, ':pending': 'pending' },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

const settleMessage = (job: StoredMessage, set: string, values: Record<string, unknown>) => ({
  Update: {
    TableName: messages(),
    Key: { conversation_id: job.conversation_id, id: job.id },
    UpdateExpression: `SET ${set} REMOVE pending_shard, pending_since, job_state`,
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ...values },
  },
});

const ledgerEntry = (job: StoredMessage, sk: string, amount: number, reason: string) => ({
  Put: {
    TableName: credits(),
    Item: { user_id: job.user_id, sk, amount, reason, job_id: job.id, created_at: new Date().toISOString() },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

/** Settles a job as done: the image message and the credit's commit entry, once. False if already settled. */
export async function completeJob(
  job: StoredMessage,
  result: { imageKeys: ImageKeys; prompt: string; isEdit: boolean },
): Promise<boolean> {
  try {
    await transact([
      settleMessage(
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
      ledgerEntry(job, jobLedgerKeys(job.id).commit, 0, 'Image generation or edit'),
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Settles a job as failed: the error text, and the reserved credit back, once. False if already settled. */
export async function failJob(job: StoredMessage, content: string, cost: number): Promise<boolean> {
  try {
    await transact([
      settleMessage(job, '#status = :error, content = :content', { ':error': 'error', ':content': content }),
      {
        Update: {
          TableName: credits(),
          Key: { user_id: job.user_id, sk: 'balance' },
          UpdateExpression: 'SET credits = credits + :cost',
          ExpressionAttributeValues: { ':cost': cost },
        },
      },
      ledgerEntry(job, jobLedgerKeys(job.id).refund, cost, 'Refund: generation failed'),
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Pending jobs sent before `cutoff`, oldest first, for the sweeper. */
export async function listPendingJobsBefore(cutoff: string): Promise<StoredMessage[]> {
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: messages(),
      IndexName: tables.messages.indexes[1].name,
      KeyConditionExpression: 'pending_shard = :shard AND pending_since < :cutoff',
      ExpressionAttributeValues: { ':shard': PENDING_SHARD, ':cutoff': cutoff },
    }),
  );
  // The index is eventually consistent: read each item for its current state.
  const current = await Promise.all(
    Items.map(async (item) => {
      const { Item } = await ddb.send(
        new GetCommand({
          TableName: messages(),
          Key: { conversation_id: item.conversation_id, id: item.id },
          ConsistentRead: true,
        }),
      );
      return Item as StoredMessage | undefined;
    }),
  );
  return current.filter((item): item is StoredMessage => item?.status === 'pending');
}
