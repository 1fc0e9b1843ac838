import { GENERATION_COST } from '../core/credits';
import { UNEXPECTED_ERROR_TEXT } from '../core/jobs';
import { failJob, listPendingJobsBefore } from '../data/jobs-repo';
import { settings } from '../lib/env';

/**
 * Refunds jobs that never settled: past the worker's timeout and every
 * retry (e.g. a job that went to the dead-letter queue). Returns how many.
 */
export async function sweepStuckJobs(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - settings().JOB_STUCK_AFTER_MS).toISOString();
  let refunded = 0;
  for (const job of await listPendingJobsBefore(cutoff)) {
    if (await failJob(job, UNEXPECTED_ERROR_TEXT, GENERATION_COST)) refunded++;
  }
  if (refunded) console.log(JSON.stringify({ level: 'warn', message: 'refunded stuck jobs', refunded }));
  return refunded;
}
