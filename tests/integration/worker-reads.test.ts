import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTEXT_IMAGE_MESSAGES, CONTEXT_LOOKBACK_MESSAGES } from '../../functions/src/core/jobs';
import type { StoredMessage } from '../../functions/src/core/types';
import { backendDynamoEnv } from '../../local/dynamodb';

const runtime = inject('runtime');
const nextId = monotonicFactory();

/** The worker's read of a conversation, run against the local cloud's DynamoDB as a Lambda would. */
let listRecentMessages: typeof import('../../functions/src/data/messages-repo').listRecentMessages;
beforeAll(async () => {
  Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
  ({ listRecentMessages } = await import('../../functions/src/data/messages-repo'));
});

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: runtime.dynamodbEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

/** A conversation written straight into the table: `withImage` says which messages carry a reference. */
async function conversation(count: number, withImage: (index: number) => boolean) {
  const conversationId = nextId();
  const messages = Array.from({ length: count }, (_, index) => ({
    conversation_id: conversationId,
    id: nextId(),
    user_id: 'worker-reads-test',
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `message ${index}`,
    status: 'done',
    created_at: new Date().toISOString(),
    uploaded_images: withImage(index) ? [`uploads/worker-reads-test/${index}.jpg`] : null,
  }));
  for (let i = 0; i < messages.length; i += 25) {
    const puts = messages.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db.send(new BatchWriteCommand({ RequestItems: { messages: puts } }));
  }
  return { conversationId, last: messages.at(-1)?.id ?? '' };
}

const want = {
  turns: 20,
  imageMessages: CONTEXT_IMAGE_MESSAGES,
  lookback: CONTEXT_LOOKBACK_MESSAGES,
  hasImages: (message: StoredMessage) => Boolean(message.uploaded_images?.length),
};

describe("a job's read of its conversation", () => {
  it('reads back past the classifier turns only as far as the last image-bearing messages', async () => {
    // Images at 60, 70 and 80 of 150 messages: the newest 20 have none, so it reads on to them.
    const { conversationId, last } = await conversation(150, (i) => i === 60 || i === 70 || i === 80);
    const { messages } = await listRecentMessages(conversationId, last, want);
    expect(messages.filter(want.hasImages).map((m) => m.content)).toEqual([
      'message 60',
      'message 70',
      'message 80',
    ]);
  });

  it('stops at the lookback when the conversation has no image that recent', async () => {
    const count = CONTEXT_LOOKBACK_MESSAGES + 50;
    const { conversationId, last } = await conversation(count, (i) => i === 0);
    const { messages, complete } = await listRecentMessages(conversationId, last, want);
    expect(messages).toHaveLength(CONTEXT_LOOKBACK_MESSAGES);
    expect(complete).toBe(false);
    expect(messages.at(-1)?.content).toBe(`message ${count - 1}`);
    expect(messages.some(want.hasImages)).toBe(false);
  });

  it('reads only the classifier turns when they already hold the context images', async () => {
    const { conversationId, last } = await conversation(60, (i) => i >= 50);
    const { messages } = await listRecentMessages(conversationId, last, want);
    expect(messages).toHaveLength(20);
  });
});
