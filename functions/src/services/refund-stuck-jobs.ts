import type { JobMessage } from '@thumbnail-studio/contract';
import { listUnsettledJobsSentBefore, refundJob } from '../data/jobs-repo';
import { getMessageById } from '../data/messages-repo';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';

/**
 * Refunds jobs that never settled: past the worker's timeout and every
 * retry (e.g. a job that went to the dead-letter queue). Returns how many.
 */
export async function refundStuckJobs(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - settings().JOB_STUCK_AFTER_MS).toISOString();
  let refunded = 0;
  for (const job of await listUnsettledJobsSentBefore(cutoff)) {
    if (await refundJob(job, 'stuck')) refunded++;
  }
  if (refunded) logger.warn('refunded stuck jobs', { refunded });
  return refunded;
}

/** What became of a dead-lettered job an operator settled: refunded now, settled before, or gone with its conversation. */
export type DeadLetterRefund = 'refunded' | 'already-settled' | 'not-found';

/**
 * Refunds one dead-lettered job now rather than waiting for the sweeper, with the same text the
 * sweeper shows. A job that settled meanwhile (the sweeper, or a late worker) is left as it is.
 */
export async function refundDeadLetteredJob(message: JobMessage): Promise<DeadLetterRefund> {
  const job = await getMessageById(message.userId, message.jobId);
  if (!job) return 'not-found';
  if (job.status !== 'pending') return 'already-settled';
  return (await refundJob(job, 'dead-lettered')) ? 'refunded' : 'already-settled';
}
