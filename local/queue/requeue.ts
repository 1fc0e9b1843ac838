import { enqueueJob } from '../../functions/src/adapters/job-queue';
import { listUnsettledJobsSentBefore, releaseJob } from '../../functions/src/data/jobs-repo';

/**
 * SQS keeps messages across restarts; the in-memory local queue does not. On
 * start, every job still pending is queued again. No worker of a previous run
 * is alive, so a job it held is released first (local wiring only: in AWS the
 * lease runs out and SQS redelivers).
 */
export async function requeuePendingJobs(): Promise<void> {
  const pending = await listUnsettledJobsSentBefore(new Date().toISOString());
  for (const job of pending) {
    await releaseJob(job);
    await enqueueJob({
      jobId: job.id,
      conversationId: job.conversation_id,
      userId: job.user_id,
      ...(job.request_id ? { requestId: job.request_id } : {}),
    });
  }
  if (pending.length) console.log(`  Re-queued ${pending.length} unfinished generation job(s).`);
}
