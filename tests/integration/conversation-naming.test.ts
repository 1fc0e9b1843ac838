import { DEFAULT_TITLE } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoredMessage } from '../../functions/src/core/types';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import { type Call, callAs } from '../support/api';
import { readCreditItems } from '../support/ledger';
import { storeQueuedJob } from '../support/queued-job';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const runtime = inject('runtime');

/** What the backend does once a request is answered, run against the local cloud's DynamoDB as a Lambda would. */
let conversations: typeof import('../../functions/src/services/conversations');
let jobs: typeof import('../../functions/src/data/jobs-repo');
beforeAll(async () => {
  Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
  conversations = await import('../../functions/src/services/conversations');
  jobs = await import('../../functions/src/data/jobs-repo');
});

/** A user's request as the worker holds it, and the history up to it (`userMessages` of the user's). */
const answered = (userId: string, conversationId: string, content: string, userMessages: number) => {
  const message = (id: string): StoredMessage =>
    ({ id, conversation_id: conversationId, user_id: userId, role: 'user', content }) as StoredMessage;
  const history = Array.from({ length: userMessages }, (_, i) => message(`m${i}`));
  return { request: history.at(-1) ?? message('m0'), history };
};

describe("a conversation after an answer made with the creator's own key", () => {
  let api: Call;
  let userId: string;
  beforeAll(async () => {
    const user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'naming');
    api = callAs(baseUrl, user.accessToken);
    userId = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
  });
  const conversation = async (id: string) =>
    (await api('listConversations')).body.conversations.find((c: { id: string }) => c.id === id);

  it('is named after the prompt of its first exchange and moves to the top', async () => {
    const { id, updated_at } = (await api('createConversation', { body: {} })).body.conversation;
    expect((await conversation(id)).title).toBe(DEFAULT_TITLE);
    const { request, history } = answered(userId, id, 'A volcano at night with "I SURVIVED"', 1);
    await conversations.nameOrTouchConversationAfterAnswer(request, history);
    const named = await conversation(id);
    expect(named.title).toBe('A volcano at night with "I SURVIVED"');
    expect(named.updated_at > updated_at).toBe(true);
  });

  it('keeps the name a creator gave it before the first answer, and only moves it to the top', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const renamed = (await api('renameConversation', { params: { id }, body: { title: 'Gaming channel' } }))
      .body.conversation;
    const { request, history } = answered(userId, id, 'A cat astronaut', 1);
    await conversations.nameOrTouchConversationAfterAnswer(request, history);
    const after = await conversation(id);
    expect(after.title).toBe('Gaming channel');
    expect(after.updated_at > renamed.updated_at).toBe(true);
  });

  it('keeps its title after later exchanges', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const { request, history } = answered(userId, id, 'Make it brighter', 2);
    await conversations.nameOrTouchConversationAfterAnswer(request, history);
    expect((await conversation(id)).title).toBe(DEFAULT_TITLE);
  });

  it('leaves a conversation deleted meanwhile deleted', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    expect((await api('deleteConversation', { params: { id } })).status).toBe(204);
    for (const userMessages of [1, 2]) {
      const { request, history } = answered(userId, id, 'A cat astronaut', userMessages);
      await conversations.nameOrTouchConversationAfterAnswer(request, history);
    }
    expect(await conversation(id)).toBeUndefined();
  });
});

describe("a job's settle", () => {
  let api: Call;
  let userId: string;
  beforeAll(async () => {
    const user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'settle-moves');
    api = callAs(baseUrl, user.accessToken);
    userId = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
  });
  const newConversation = async (title: string): Promise<string> =>
    (await api('createConversation', { body: { title } })).body.conversation.id;
  const topConversation = async () => (await api('listConversations')).body.conversations[0]?.id;

  const keys = (job: StoredMessage) => {
    const base = `images/${userId}/${job.id}/1`;
    return {
      original: `${base}/original.png`,
      export: `${base}/thumbnail-1280x720.png`,
      youtube: `${base}/thumbnail-1280x720.jpg`,
      preview: `${base}/preview-960.jpg`,
      previews: [{ width: 480, key: `${base}/preview-480.webp` }],
    };
  };
  const settle = (job: StoredMessage) =>
    jobs.completeJobAndCommitCredit(job, { images: [keys(job)], prompt: job.content, isEdit: false });

  it('moves its conversation to the top in the same write as the image', async () => {
    const drawn = await newConversation('Lighthouse');
    const job = await storeQueuedJob(userId, drawn, 'A lighthouse in a storm');
    const newer = await newConversation('Newer');
    expect(await topConversation()).toBe(newer);
    expect(await settle(job)).toBe(true);
    expect(await topConversation()).toBe(drawn);
  });

  it('commits nothing once the conversation is gone (its deletion refunds the job)', async () => {
    const drawn = await newConversation('Deleted meanwhile');
    const job = await storeQueuedJob(userId, drawn, 'A castle');
    const { deleteConversation } = await import('../../functions/src/data/conversations-repo');
    // Only the conversation's row, as a deletion has done when it goes on to refund its pending jobs.
    expect(await deleteConversation(userId, drawn)).toBe(true);
    expect(await settle(job)).toBe(false);
    // The deletion's refund then settles it, once.
    expect(await jobs.refundJob(job, 'conversation-deleted')).toBe(true);
    const { ledger } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(
      ledger
        .filter((entry) => String(entry.sk).includes(job.id))
        .map((e) => String(e.sk).split('#')[1])
        .sort(),
    ).toEqual(['refund', 'reserve']);
  });
});
