import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { JobMessage } from '@thumbnail-studio/contract';
import { SDK_CLIENT_OPTIONS, withoutSdkLogging } from '../lib/sdk-clients';
import { requireSetting } from '../lib/settings';

let client: SQSClient | undefined;
const sqs = () => {
  client ??= withoutSdkLogging(new SQSClient({ ...SDK_CLIENT_OPTIONS }));
  return client;
};

/** Hands a generation job to the worker through SQS (the local cloud answers the same API). */
export async function enqueueJob(job: JobMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: requireSetting('JOBS_QUEUE_URL'), MessageBody: JSON.stringify(job) }),
  );
}

/** Makes a delivered job that failed come back after `seconds` instead of the queue's visibility timeout. */
export async function retryJobAfter(receiptHandle: string, seconds: number): Promise<void> {
  await sqs().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: requireSetting('JOBS_QUEUE_URL'),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
}
