import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { processJob } from '../services/process-job';

const jobSchema = z.object({
  jobId: z.string().min(1),
  conversationId: z.string().min(1),
  userId: z.string().min(1),
});

/**
 * The generation worker (SQS, batch size 1). A record that fails for an
 * infrastructure reason is reported back so SQS retries only that record;
 * provider failures are settled inside `processJob` with a refund.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const job = jobSchema.safeParse(JSON.parse(record.body));
    if (!job.success) {
      console.error(JSON.stringify({ level: 'error', message: 'malformed job dropped', body: record.body }));
      continue;
    }
    try {
      await processJob(job.data);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'job will be retried', error: String(error) }));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
