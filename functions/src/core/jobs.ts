import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';

/** Generation job rules: pure values. A job is the pending assistant message that answers a send. */

/** The key of the sparse pending-jobs index; one shard is plenty at this scale. */
export const PENDING_SHARD = 'pending';

/**
 * How long a worker may hold a job before another delivery may take it over:
 * Lambda's longest possible run (15 minutes), longer than the worker's own
 * timeout, so a lease only runs out once its worker is surely gone.
 */
export const JOB_LEASE_MS = 15 * 60_000;

/** Images of at most this many earlier image-bearing messages give the provider context. */
export const CONTEXT_IMAGE_MESSAGES = 3;

/**
 * The classifier sees at most this many of the conversation's latest messages
 * (the request among them): enough to tell an edit from a new image, and the
 * worker reads no more of a long conversation than this and the context images need.
 */
export const CLASSIFIER_TURNS = 20;

/**
 * Deliveries of one job before the queue gives up on it (SQS's maxReceiveCount; then the
 * dead-letter queue, and the sweeper refunds it). A job that fails for a transient reason
 * before its last delivery goes back to the queue instead of being refunded.
 */
export const JOB_MAX_DELIVERIES = 3;

/**
 * Workers at once by default (the queue's event source maxConcurrency in AWS, the local
 * queue's cap): under the image providers' rate limits, and few enough that a burst waits in
 * the queue instead of swamping the storage and the database.
 */
export const DEFAULT_WORKER_CONCURRENCY = 5;

/**
 * Provider calls at once across every worker by default (`PROVIDER_CALLS_AT_ONCE`): a job's
 * variations are otherwise all called at once, so 5 workers of 4 variations make 20 calls, over
 * the image rate limits of a new provider account.
 */
export const DEFAULT_PROVIDER_CALLS_AT_ONCE = 10;

/**
 * How many of one job's variations are called at a time, so that every worker at once
 * (`workers`) stays within `callsAtOnce`: their share, and never less than one.
 */
export const providerCallsPerJob = (callsAtOnce: number, workers: number): number =>
  Math.max(1, Math.floor(callsAtOnce / Math.max(1, workers)));

/**
 * The longest a job may wait in the queue for a provider's rate limit: under SQS's 12 hours, the
 * most a message may stay invisible counted from its receipt (at most a lease ago).
 */
export const MAX_RATE_LIMIT_DELAY_SECONDS = (12 * 60 * 60_000 - JOB_LEASE_MS) / 1000;

/**
 * When a job whose provider refused it for a rate limit (asking for `waitMs`) comes back: after
 * that wait, in whole seconds, while the queue can hold it that long and a delivery then still has
 * a whole run (`runMs`) before the job counts as stuck (`stuckAt`, when the sweeper refunds it).
 * Undefined when it cannot: the job is refunded now.
 */
export function rateLimitRetrySeconds(
  waitMs: number,
  now: number,
  stuckAt: number,
  runMs: number,
): number | undefined {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds > MAX_RATE_LIMIT_DELAY_SECONDS) return undefined;
  return now + seconds * 1000 + runMs <= stuckAt ? seconds : undefined;
}

/**
 * Why a job's credits come back: a provider's failure (`provider-failed`) or a job out of time
 * (`deadline`) shows the provider's own text when there is one; the job failing otherwise
 * (`job-failed`), the queue refusing it (`enqueue-failed`), the sweeper finding it never settled
 * (`stuck`) and an operator settling a dead-lettered one (`dead-lettered`) show the general text;
 * a job whose conversation was deleted (`conversation-deleted`) says so.
 */
export type RefundReason =
  | 'provider-failed'
  | 'deadline'
  | 'job-failed'
  | 'enqueue-failed'
  | 'stuck'
  | 'dead-lettered'
  | 'conversation-deleted';

/** The text a refunded job shows its creator (and its ledger entries say), for each reason. */
export function refundText(reason: RefundReason, providerText?: string): string {
  switch (reason) {
    case 'provider-failed':
    case 'deadline':
      return providerText ?? UNEXPECTED_ERROR_TEXT;
    case 'conversation-deleted':
      return 'The conversation was deleted before the image was ready.';
    default:
      return UNEXPECTED_ERROR_TEXT;
  }
}
