import { jobMessageSchema } from '@thumbnail-studio/contract';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { retryJobAfter } from '../adapters/job-queue';
import { checkTimeMs } from '../core/check-time';
import { JOB_MAX_DELIVERIES } from '../core/jobs';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { JobHandedBackError, runGenerationJob } from '../services/generation-job';
import { recordLegibility } from '../services/legibility-check';
import { recordLikeness } from '../services/likeness-check';

/** Time kept from the invocation's own limit to refund a job that ran out of time. */
export const SETTLE_RESERVE_MS = 30_000;

/**
 * A job's deadline: `JOB_DEADLINE_MS`, but never so late that the invocation
 * could end before the job is settled.
 */
export function jobDeadlineMs(context: Pick<Context, 'getRemainingTimeInMillis'> | undefined): number {
  const configured = settings().JOB_DEADLINE_MS;
  if (!context) return configured;
  return Math.max(1, Math.min(configured, context.getRemainingTimeInMillis() - SETTLE_RESERVE_MS));
}

const parseJob = (body: string) => {
  try {
    return jobMessageSchema.safeParse(JSON.parse(body));
  } catch {
    return jobMessageSchema.safeParse(undefined);
  }
};

/** Whether this is the queue's last delivery of a record: after it, the record goes to the dead-letter queue. */
const isLastDelivery = (record: SQSEvent['Records'][number]) =>
  Number(record.attributes?.ApproximateReceiveCount ?? JOB_MAX_DELIVERIES) >= JOB_MAX_DELIVERIES;

/**
 * Asks the queue to deliver a failed record again after the wait its provider asked for, else after
 * `JOB_RETRY_DELAY_SECONDS`. If that call fails too, the record still comes back, after the queue's
 * whole visibility timeout.
 */
async function retryLater(record: SQSEvent['Records'][number], failure: unknown) {
  const seconds =
    failure instanceof JobHandedBackError && failure.retryAfterSeconds !== undefined
      ? failure.retryAfterSeconds
      : settings().JOB_RETRY_DELAY_SECONDS;
  try {
    await retryJobAfter(record.receiptHandle, seconds);
  } catch (error) {
    logger.warn('the retry waits out the visibility timeout', { messageId: record.messageId, error });
  }
}

/**
 * The generation worker (SQS, batch size 1). A record that fails for an
 * infrastructure reason (before the job is claimed, or a transient one before
 * its last delivery) is reported back so SQS retries only that record;
 * provider failures and jobs that run out of time are settled inside the job
 * with a refund. A record that isn't a job is logged and dropped: no retry
 * could make it one.
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context) logger.addContext(context);
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const job = parseJob(record.body);
    if (!job.success) {
      logger.error('malformed job dropped', { messageId: record.messageId });
      continue;
    }
    let answered: Awaited<ReturnType<typeof runGenerationJob>>;
    try {
      answered = await runGenerationJob(job.data, jobDeadlineMs(context), isLastDelivery(record));
    } catch (error) {
      logger.error('job will be retried', { jobId: job.data.jobId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
      await retryLater(record, error);
      continue;
    }
    // After the job: its image is out and its credit settled; these never fail the record, and run
    // only in the time the invocation has left. The legibility verdict comes last: the chat follows
    // an image until it arrives.
    if (answered) {
      const timeLeft = () =>
        context ? checkTimeMs(context.getRemainingTimeInMillis()) : Number.POSITIVE_INFINITY;
      await recordLikeness(answered, timeLeft);
      await recordLegibility(answered, timeLeft);
    }
  }
  return { batchItemFailures };
}
