import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { monotonicFactory } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CONTEXT_IMAGE_MESSAGES } from '../../functions/src/core/jobs';
import { contextKeysOf, newMessage } from '../../functions/src/core/messages';
import type { StoredMessage } from '../../functions/src/core/types';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { callAs } from '../support/api';
import { localDocumentClient, useConversationRead } from '../support/dynamodb';
import { makeImage, newConversation } from '../support/images';
import { uploadImage } from '../support/jobs';
import { runTool } from '../support/local-cloud-process';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
const nextId = monotonicFactory();

/** The worker's read of a conversation, run against the local cloud's DynamoDB as a Lambda would. */
const listRecentMessages = useConversationRead(() => backendDynamoEnv(runtime.dynamodbEndpoint));

const db = localDocumentClient(runtime.dynamodbEndpoint);
afterAll(() => db.destroy());

const hasImages = (message: StoredMessage) => contextKeysOf(message).length > 0;
const want = { turns: 20, imageMessages: CONTEXT_IMAGE_MESSAGES };

/** Runs `npm run backfill-gallery` against the test run's local cloud, to its exit. */
const runBackfill = () => runTool('tools/backfill-gallery.ts', ['--data-dir', inject('dataDir')]);

describe("a conversation's image index", () => {
  it('lists a finished image: the job puts it there as it settles', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'image-index');
    const api = callAs(baseUrl, user.accessToken);
    const image = await makeImage(api, await newConversation(api), 'A lighthouse in a storm');
    const { Item } = await db.send(
      new GetCommand({
        TableName: 'messages',
        Key: { conversation_id: image.conversation_id, id: image.id },
      }),
    );
    expect(Item?.image_id).toBe(image.id);
  });

  it("lists an image made with the creator's own key, as it lists a job's", async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'image-index-own-key');
    const api = callAs(baseUrl, user.accessToken);
    const conversationId = await newConversation(api);
    const made = await sharp({ create: { width: 1536, height: 864, channels: 3, background: '#cc6633' } })
      .png()
      .toBuffer();
    const saved = await api('saveOwnKeyAnswer', {
      params: { id: conversationId },
      body: {
        content: 'A red canyon',
        provider: 'openai',
        is_edit: false,
        images: [await uploadImage(api, new Uint8Array(made))],
      },
    });
    expect(saved.status).toBe(201);
    const answer = saved.body.assistantMessage;
    const { Item } = await db.send(
      new GetCommand({ TableName: 'messages', Key: { conversation_id: conversationId, id: answer.id } }),
    );
    expect(Item?.image_id).toBe(answer.id);
  });

  it('takes in the messages written before it once the backfill has run, and a second run changes nothing', async () => {
    // Written as an earlier version wrote them: the message with an upload (at 2) carries no image_id.
    const conversationId = nextId();
    const messages = Array.from({ length: 30 }, (_, index) => {
      const { image_id: _left, ...old } = newMessage({
        conversation_id: conversationId,
        id: nextId(),
        user_id: 'image-index-test',
        role: index % 2 === 0 ? 'user' : 'assistant',
        content: `message ${index}`,
        status: 'done',
        created_at: new Date().toISOString(),
        uploaded_images: index === 2 ? ['uploads/image-index-test/2.jpg'] : null,
      });
      return old;
    });
    for (let i = 0; i < messages.length; i += 25) {
      const puts = messages.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      await db.send(new BatchWriteCommand({ RequestItems: { messages: puts } }));
    }
    const last = messages.at(-1)?.id ?? '';
    expect((await listRecentMessages(conversationId, last, want)).messages.some(hasImages)).toBe(false);

    const first = await runBackfill();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/[1-9]\d* messages with images added to their conversation's image index/);
    const { messages: read } = await listRecentMessages(conversationId, last, want);
    expect(read.filter(hasImages).map((m) => m.content)).toEqual(['message 2']);

    const second = await runBackfill();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(" 0 messages with images added to their conversation's image index");
  });
});
