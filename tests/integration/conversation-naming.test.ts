import { DEFAULT_TITLE } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoredMessage } from '../../functions/src/core/types';
import { backendDynamoEnv } from '../../local/dynamodb';
import { apiAs, signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const runtime = inject('runtime');

/** What the worker does once a job answered, run against the local cloud's DynamoDB as a Lambda would. */
let nameConversationAfterAnswer: typeof import('../../functions/src/services/conversations').nameConversationAfterAnswer;
beforeAll(async () => {
  Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
  ({ nameConversationAfterAnswer } = await import('../../functions/src/services/conversations'));
});

/** A user's request as the worker holds it, and the history up to it (`userMessages` of the user's). */
const answered = (userId: string, conversationId: string, content: string, userMessages: number) => {
  const message = (id: string): StoredMessage =>
    ({ id, conversation_id: conversationId, user_id: userId, role: 'user', content }) as StoredMessage;
  const history = Array.from({ length: userMessages }, (_, i) => message(`m${i}`));
  return { request: history.at(-1) ?? message('m0'), history };
};

describe('a conversation after an answer', () => {
  let api: ReturnType<typeof apiAs>;
  let userId: string;
  beforeAll(async () => {
    const user = await signUpUser(baseUrl, dataDir, runtime.clientId, 'naming');
    api = apiAs(baseUrl, user.accessToken);
    userId = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
  });
  const conversation = async (id: string) =>
    (await api('GET', '/api/conversations')).body.conversations.find((c: { id: string }) => c.id === id);

  it('is named after the prompt of its first exchange and moves to the top', async () => {
    const { id, updated_at } = (await api('POST', '/api/conversations', {})).body.conversation;
    expect((await conversation(id)).title).toBe(DEFAULT_TITLE);
    const { request, history } = answered(userId, id, 'A volcano at night with "I SURVIVED"', 1);
    await nameConversationAfterAnswer(request, history);
    const named = await conversation(id);
    expect(named.title).toBe('A volcano at night with "I SURVIVED"');
    expect(named.updated_at > updated_at).toBe(true);
  });

  it('keeps the name a creator gave it before the first answer, and only moves it to the top', async () => {
    const { id } = (await api('POST', '/api/conversations', {})).body.conversation;
    const renamed = (await api('PATCH', `/api/conversations/${id}`, { title: 'Gaming channel' })).body
      .conversation;
    const { request, history } = answered(userId, id, 'A cat astronaut', 1);
    await nameConversationAfterAnswer(request, history);
    const after = await conversation(id);
    expect(after.title).toBe('Gaming channel');
    expect(after.updated_at > renamed.updated_at).toBe(true);
  });

  it('keeps its title after later exchanges', async () => {
    const { id } = (await api('POST', '/api/conversations', {})).body.conversation;
    const { request, history } = answered(userId, id, 'Make it brighter', 2);
    await nameConversationAfterAnswer(request, history);
    expect((await conversation(id)).title).toBe(DEFAULT_TITLE);
  });

  it('leaves a conversation deleted meanwhile deleted', async () => {
    const { id } = (await api('POST', '/api/conversations', {})).body.conversation;
    expect((await api('DELETE', `/api/conversations/${id}`)).status).toBe(204);
    for (const userMessages of [1, 2]) {
      const { request, history } = answered(userId, id, 'A cat astronaut', userMessages);
      await nameConversationAfterAnswer(request, history);
    }
    expect(await conversation(id)).toBeUndefined();
  });
});
