import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Legibility, Likeness } from '@thumbnail-studio/contract';
import {
  jobCost,
  ledgerKeys,
  ledgerReasons,
  settlementEntries,
  type VariationOutcome,
} from '../core/credits';
import { JOB_LEASE_MS, PENDING_SHARD, type RefundReason, refundText } from '../core/jobs';
import { finishedImageFields, partialAttribute } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { ddb } from '../lib/sdk-clients';
import { touchConversationItem } from './conversations-repo';
import { balanceChange, ledgerEntry, readBalance } from './credit-items';
import { openAccount } from './credits-repo';
import { queryAll, TransactionFailedError, transact, unlessConditionFails } from './dynamo';
import { messageKey, messagesTable, newMessageItem, readMessage } from './messages-repo';
import { tables } from './tables';

/*
 * A generation job is the pending assistant message of a send: stored with its user message and
 * its credit reserved, claimed by a worker, shown its phases, handed back to the queue after a
 * transient failure, and settled once, its credit committed or refunded, in one transaction
 * with the message. The sweeper lists those that never settle.
 */

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
 * Takes the job for this delivery: only a pending job that is queued, or
 * whose previous worker's lease ran out. Undefined means someone else has it
 * or it already settled, so a repeated delivery does nothing. A `phase` known
 * already ('Generating your image...') is shown in the same write.
 */
export async function claimJob(job: { conversationId: string; jobId: string }, phase?: string) {
  const now = Date.now();
  const result = await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: messagesTable(),
        Key: { conversation_id: job.conversationId, id: job.jobId },
        // Showing a phase is a change the chat follows: the revision moves with it.
        UpdateExpression: `SET job_state = :running, started_at = :now${phase ? ', content = :phase' : ''} ADD attempts :one${phase ? ', revision :one' : ''}`,
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
          ...(phase ? { ':phase': phase } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result?.Attributes as StoredMessage | undefined;
}

/** Shows the job's phase ('Editing your image...') while it is still pending. */
export async function showJobPhase(job: StoredMessage, content: string): Promise<void> {
  await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: messagesTable(),
        Key: messageKey(job),
        UpdateExpression: 'SET content = :content ADD revision :one',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':content': content, ':pending': 'pending', ':one': 1 },
      }),
    ),
  );
}

/**
 * Shows the latest partial picture of one of a pending job's images (its `variation`): the key of
 * its small WebP, in one small write the chat's poll follows. Nothing once the job has settled.
 */
export async function showJobPartial(job: StoredMessage, variation: number, key: string): Promise<void> {
  await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: messagesTable(),
        Key: messageKey(job),
        UpdateExpression: 'SET #partial = :key ADD revision :one',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#partial': partialAttribute(variation) },
        ExpressionAttributeValues: { ':key': key, ':pending': 'pending', ':one': 1 },
      }),
    ),
  );
}

/** Marks a pending job queued again for the queue's next delivery, when `condition` also holds. */
async function requeuePendingJob(job: StoredMessage, condition = '', values: Record<string, unknown> = {}) {
  await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: messagesTable(),
        Key: messageKey(job),
        UpdateExpression: 'SET job_state = :queued',
        ConditionExpression: `#status = :pending${condition}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':pending': 'pending', ...values },
      }),
    ),
  );
}

/**
 * Hands a job back to the queue's next delivery after a transient failure: only while this
 * delivery still holds it (`started_at` is its claim's), so a settled job or another
 * delivery's claim is left as it is.
 */
export const handBackJob = (job: StoredMessage) =>
  requeuePendingJob(job, ' AND job_state = :running AND started_at = :started', {
    ':running': 'running',
    ':started': job.started_at,
  });

/**
 * Hands a pending job back to the queue's next delivery, whoever held it.
 * Only for the local cloud's restart, when no worker of the previous run is alive.
 */
export const releaseJob = (job: StoredMessage) => requeuePendingJob(job);

/**
 * A transaction item that settles a pending job once: `set` writes its
 * outcome, its revision moves on and the pending-index keys go, so the sweeper no longer sees it.
 */
const settleJobItem = (job: StoredMessage, set: string, values: Record<string, unknown>) => ({
  Update: {
    TableName: messagesTable(),
    Key: messageKey(job),
    UpdateExpression: `SET ${set} REMOVE pending_shard, pending_since, job_state ADD revision :revisionStep`,
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ':revisionStep': 1, ...values },
  },
});

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

/** An update's SET clause that writes each of `fields` under its own name, and its values. */
function setEach(fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  return {
    set: names.map((name) => `${name} = :${name}`).join(', '),
    values: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
  };
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
  if (result.images.length === 0) throw new Error('a job is done only with an image');
  const outcomes = Array.from({ length: variationsOf(job) }, (_, index): VariationOutcome => {
    const why = result.failures?.get(index);
    return why === undefined ? { kept: true } : { kept: false, why };
  });
  if (outcomes.filter((o) => o.kept).length !== result.images.length) {
    throw new Error('every kept variation needs its image');
  }
  const { set, values } = setEach({
    content: '',
    ...finishedImageFields(job, result.images, result),
  });
  try {
    await transact({
      // The conversation moves to the top with its new image, in the same write; one deleted
      // meanwhile fails the settle, and its deletion refunds the job.
      conversation: touchConversationItem(job.user_id, job.conversation_id, new Date().toISOString()),
      job: settleJobItem(job, `#status = :done, ${set}`, { ':done': 'done', ...values }),
      ...settlementItems(job, outcomes),
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionFailedError) return false;
    throw error;
  }
}

/**
 * Settles a job as failed and refunds every credit it reserved, once: the job shows the text of
 * its `reason` (refundText: the provider's own, `providerText`, for a provider's failure or the
 * deadline), the balance gets the credits back with a refund entry per variation. False if the
 * job had already settled.
 */
export async function refundJob(
  job: StoredMessage,
  reason: RefundReason,
  providerText?: string,
): Promise<boolean> {
  const content = refundText(reason, providerText);
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

/** What the checks that follow a job record on its message; a null legibility: they could not be made. */
interface ImageChecks {
  legibility: Legibility | null;
  likeness: Likeness;
}

/** Records a check's result on a settled image message that still exists. */
export async function saveImageCheck<K extends keyof ImageChecks>(
  job: StoredMessage,
  check: K,
  result: ImageChecks[K],
): Promise<void> {
  await unlessConditionFails(
    ddb.send(
      new UpdateCommand({
        TableName: messagesTable(),
        Key: messageKey(job),
        UpdateExpression: 'SET #check = :result ADD revision :one',
        ConditionExpression: '#status = :done',
        ExpressionAttributeNames: { '#check': check, '#status': 'status' },
        ExpressionAttributeValues: { ':result': result, ':done': 'done', ':one': 1 },
      }),
    ),
  );
}

/** Jobs still pending that were sent before `cutoff`, oldest first. */
export async function listUnsettledJobsSentBefore(cutoff: string): Promise<StoredMessage[]> {
  const listed = await queryAll<StoredMessage>({
    TableName: messagesTable(),
    IndexName: tables.messages.indexes.byPending.name,
    KeyConditionExpression: 'pending_shard = :shard AND pending_since < :cutoff',
    ExpressionAttributeValues: { ':shard': PENDING_SHARD, ':cutoff': cutoff },
  });
  // The index is eventually consistent: read each item for its current state.
  const current = await Promise.all(listed.map(readMessage));
  return current.filter((item): item is StoredMessage => item?.status === 'pending');
}
