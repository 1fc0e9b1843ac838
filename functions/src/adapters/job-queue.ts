import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { JobMessage } from '@thumbnail-studio/contract';
import { SDK_CLIENT_OPTIONS, withoutSdkLogging } from '../lib/sdk-clients';
import { requireSetting } from '../lib/settings';

let client: SQSClient | undefined;

/** Hands a generation job to the worker through SQS (the local cloud answers the same API). */
export async function enqueueJob(job: JobMessage): Promise<void> {
  client ??= withoutSdkLogging(new SQSClient({ ...SDK_CLIENT_OPTIONS }));
  await client.send(
    new SendMessageCommand({ QueueUrl: requireSetting('JOBS_QUEUE_URL'), MessageBody: JSON.stringify(job) }),
  );
}
