import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { PHASE_TEXT } from '@thumbnail-studio/contract';
import { monotonicFactory } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { CONTEXT_IMAGE_MESSAGES } from '../../functions/src/core/jobs';
import { contextKeysOf, newMessage } from '../../functions/src/core/messages';
import type { StoredMessage } from '../../functions/src/core/types';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { localDocumentClient, useConversationRead } from '../support/dynamodb';
import { deliverJob, waitForSettled } from '../support/jobs';
import { storeQueuedJob } from '../support/queued-job';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const runtime = inject('runtime');
const baseUrl = inject('baseUrl');
const nextId = monotonicFactory();

/** The worker's read of a conversation, run against the local cloud's DynamoDB as a Lambda would. */
const listRecentMessages = useConversationRead(() => backendDynamoEnv(runtime.dynamodbEndpoint));

const db = localDocumentClient(runtime.dynamodbEndpoint);

/** A conversation written straight into the table: `withImage` says which messages carry a reference. */
async function conversation(count: number, withImage: (index: number) => boolean) {
  const conversationId = nextId();
  // Built as the app builds them, so the ones with images are in the conversation's image index.
  const messages = Array.from({ length: count }, (_, index) =>
    newMessage({
      conversation_id: conversationId,
      id: nextId(),
      user_id: 'worker-reads-test',
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `message ${index}`,
      status: 'done',
      created_at: new Date().toISOString(),
      uploaded_images: withImage(index) ? [`uploads/worker-reads-test/${index}.jpg`] : null,
    }),
  );
  for (let i = 0; i < messages.length; i += 25) {
    const puts = messages.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db.send(new BatchWriteCommand({ RequestItems: { messages: puts } }));
  }
  return { conversationId, last: messages.at(-1)?.id ?? '' };
}

const want = { turns: 20, imageMessages: CONTEXT_IMAGE_MESSAGES };
const hasImages = (message: StoredMessage) => contextKeysOf(message).length > 0;

describe("a job's read of its conversation", () => {
  it('finds the last image-bearing messages past the classifier turns, reading none of the text between', async () => {
    // Images at 60, 70 and 80 of 150 messages: the newest 20 have none.
    const { conversationId, last } = await conversation(150, (i) => i === 60 || i === 70 || i === 80);
    const { messages, complete } = await listRecentMessages(conversationId, last, want);
    expect(messages.map((m) => m.content)).toEqual([
      'message 60',
      'message 70',
      'message 80',
      ...Array.from({ length: 20 }, (_, i) => `message ${130 + i}`),
    ]);
    expect(complete).toBe(false);
  });

  it('finds the only image however far back it is, at the start of a long conversation', async () => {
    const { conversationId, last } = await conversation(250, (i) => i === 0);
    const { messages } = await listRecentMessages(conversationId, last, want);
    expect(messages.filter(hasImages).map((m) => m.content)).toEqual(['message 0']);
    expect(messages).toHaveLength(21);
    expect(messages.at(-1)?.content).toBe('message 249');
  });

  it('tops up the images among the turns with earlier ones, oldest first', async () => {
    // One image among the newest 20 (at 45), two more before them (at 5 and 10), one older still (at 2).
    const { conversationId, last } = await conversation(50, (i) => [2, 5, 10, 45].includes(i));
    const { messages } = await listRecentMessages(conversationId, last, want);
    expect(messages.filter(hasImages).map((m) => m.content)).toEqual([
      'message 5',
      'message 10',
      'message 45',
    ]);
  });

  it('reads only the classifier turns when they already hold the context images', async () => {
    const { conversationId, last } = await conversation(60, (i) => i >= 50);
    const { messages } = await listRecentMessages(conversationId, last, want);
    expect(messages).toHaveLength(20);
  });

  it('reads a short conversation whole', async () => {
    const { conversationId, last } = await conversation(7, (i) => i === 3);
    const { messages, complete } = await listRecentMessages(conversationId, last, want);
    expect(messages).toHaveLength(7);
    expect(complete).toBe(true);
  });
});

describe('a job that reads its conversation before it claims', () => {
  it("claims a request with nothing to edit showing its phase: it is never seen running as 'Processing your request...'", async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'phase-at-claim');
    const api = callAs(baseUrl, user.accessToken);
    const userId = String(decodePayload(user.accessToken).sub);
    const conversationId = (await api('createConversation', { body: {} })).body.conversation.id as string;
    // Stored as a send stores it, and handed to the queue only once the job is being watched.
    const job = await storeQueuedJob(userId, conversationId, 'A lighthouse at dawn');
    const seen: { state: unknown; content: unknown }[] = [];
    const watching = (async () => {
      for (;;) {
        const { Item } = await db.send(
          new GetCommand({
            TableName: 'messages',
            Key: { conversation_id: conversationId, id: job.id },
            ConsistentRead: true,
          }),
        );
        if (Item?.status !== 'pending') return;
        seen.push({ state: Item.job_state, content: Item.content });
      }
    })();
    await deliverJob(baseUrl, { jobId: job.id, conversationId, userId, requestId: job.request_id });
    expect(await waitForSettled(api, job.id)).toMatchObject({ status: 'done', is_edit: false });
    await watching;
    const running = seen.filter((s) => s.state === 'running');
    expect(running.length).toBeGreaterThan(0);
    expect(new Set(running.map((s) => s.content))).toEqual(new Set([PHASE_TEXT.generating]));
  });
});
