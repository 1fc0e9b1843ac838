import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { enqueueJob } from '../functions/src/adapters/job-queue';
import { listPendingJobsBefore } from '../functions/src/data/jobs-repo';
import { ddb } from '../functions/src/lib/clients';
import { tableName } from '../functions/src/lib/env';

/**
 * SQS keeps messages across restarts; the in-memory local queue does not. On
 * start, every job still pending is queued again. No worker of a previous run
 * is alive, so a job it held is released first (local wiring only: in AWS the
 * lease runs out and SQS redelivers).
 */
export async function requeuePendingJobs(): Promise<void> {
  const pending = await listPendingJobsBefore(new Date().toISOString());
  for (const job of pending) {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName('messages'),
        Key: { conversation_id: job.conversation_id, id: job.id },
        UpdateExpression: 'SET job_state = :queued',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':pending': 'pending' },
      }),
    );
    await enqueueJob({ jobId: job.id, conversationId: job.conversation_id, userId: job.user_id });
  }
  if (pending.length) console.log(`  Re-queued ${pending.length} unfinished generation job(s).`);
}
