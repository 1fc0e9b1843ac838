import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DownloadFormat, JobMessage, UPLOAD_IMAGE_TYPES } from '@thumbnail-studio/contract';
import { expect } from 'vitest';
import { S3RVER_CREDENTIALS } from '../../local/storage/s3';
import type { Call } from './api';

/**
 * Hands a job message to the local cloud's queue through the real SQS API, as a send does (the
 * queue takes only what the app itself signs): a job delivered again, or one stored without it.
 */
export async function deliverJob(cloudUrl: string, job: JobMessage): Promise<void> {
  const sqs = new SQSClient({
    endpoint: `${cloudUrl}/sqs`,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: `${cloudUrl}/sqs/000000000000/jobs`,
        MessageBody: JSON.stringify(job),
      }),
    );
  } finally {
    sqs.destroy();
  }
}

/** Polls a pending assistant message the way the web app does, until its job settles. */
export async function waitForSettled(api: Call, messageId: string, timeoutMs = 30_000, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api('getMessage', { params: { id: messageId } });
    expect(status).toBe(200);
    if (body.message.status !== 'pending') return body.message;
    if (Date.now() > deadline)
      throw new Error(`job ${messageId} still pending: ${JSON.stringify(body.message)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Sends a request in a new conversation with the OpenAI provider and waits for its image; `extra`
 * adds to the send's body (people, variations...). The answer's id.
 */
export async function generateImage(api: Call, content: string, extra: Record<string, unknown> = {}) {
  const { id } = (await api('createConversation', { body: {} })).body.conversation;
  const sent = await api('sendMessage', {
    params: { id },
    body: {
      content,
      provider: 'openai',
      ...extra,
    },
  });
  expect(sent.status).toBe(202);
  const settled = await waitForSettled(api, sent.body.assistantMessage.id);
  expect(settled).toMatchObject({ status: 'done', is_image_message: true });
  return settled.id as string;
}

/**
 * An image message once the checks that follow its job have run: the legibility verdict is
 * written last (after the likeness), so its arrival means both are in.
 */
export async function waitForImageChecks(api: Call, messageId: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const { body } = await api('getMessage', { params: { id: messageId } });
    if (body.message.legibility) return body.message;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the checks of ${messageId} did not finish within a minute`);
}

/** The signed URL of one of an image message's downloads, which the backend makes on first ask. */
export async function downloadUrl(api: Call, messageId: string, format: DownloadFormat): Promise<string> {
  const answer = await api('getDownload', { params: { id: messageId, format } });
  if (answer.status !== 200)
    throw new Error(`download answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.url;
}

/** Uploads bytes the way the browser does: a presigned PUT from /api/uploads. */
export async function uploadImage(
  api: Call,
  bytes: Uint8Array,
  contentType: (typeof UPLOAD_IMAGE_TYPES)[number] = 'image/png',
): Promise<string> {
  const { status, body } = await api('createUpload', {
    body: {
      content_type: contentType,
      size: bytes.length,
    },
  });
  expect(status).toBe(201);
  const put = await fetch(body.upload_url, { method: 'PUT', headers: body.headers, body: bytes });
  expect(put.status).toBe(200);
  return body.key;
}

/** Waits until the local queue has delivered `count` more jobs and has nothing left in flight. */
export async function waitForQueueIdle(baseUrl: string, deliveredAtLeast: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const queue = await queueStats(baseUrl);
    if (queue.delivered >= deliveredAtLeast && queue.in_flight === 0 && queue.waiting === 0) return queue;
    if (Date.now() > deadline) throw new Error(`queue not idle: ${JSON.stringify(queue)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface QueueStats {
  waiting: number;
  in_flight: number;
  /** The most jobs that ran at once so far, and the cap they run under. */
  most_in_flight: number;
  max_concurrency: number;
  delivered: number;
  dead_letters: number;
}

/** The local queue's counters, from the health check. */
export async function queueStats(baseUrl: string): Promise<QueueStats> {
  const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: QueueStats };
  return health.queue;
}
