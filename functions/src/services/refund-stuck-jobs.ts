import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { refundJob } from '../data/credits-repo';
import { listUnsettledJobsSentBefore } from '../data/messages-repo';
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
    if (await refundJob(job, UNEXPECTED_ERROR_TEXT)) refunded++;
  }
  if (refunded) logger.warn('refunded stuck jobs', { refunded });
  return refunded;
}
