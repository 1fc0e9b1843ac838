import { jobMessageSchema } from '@thumbnail-studio/contract';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { runGenerationJob } from '../services/generation-job';

const parseJob = (body: string) => {
  try {
    return jobMessageSchema.safeParse(JSON.parse(body));
  } catch {
    return jobMessageSchema.safeParse(undefined);
  }
};

/**
 * The generation worker (SQS, batch size 1). A record that fails for an
 * infrastructure reason is reported back so SQS retries only that record;
 * provider failures are settled inside the job with a refund.
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
    try {
      await runGenerationJob(job.data);
    } catch (error) {
      logger.error('job will be retried', { jobId: job.data.jobId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
