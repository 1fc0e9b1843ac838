import { EMPTY_TITLE_TEXT } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
type Api = ReturnType<typeof callAs>;

describe('conversations and messages', () => {
  let api: Api;
  let userId: string;
  beforeAll(async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'chat');
    api = callAs(baseUrl, user.accessToken);
    userId = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
  });

  it('starts with no conversations', async () => {
    expect(await api('listConversations')).toEqual({ status: 200, body: { conversations: [] } });
  });

  it('creates a conversation that opens with the assistant greeting', async () => {
    const created = await api('createConversation', { body: {} });
    expect(created.status).toBe(201);
    expect(created.body.conversation).toMatchObject({ title: 'New Conversation', user_id: userId });

    const { body } = await api('listMessages', { params: { id: created.body.conversation.id } });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      role: 'assistant',
      status: 'done',
      is_image_message: false,
      conversation_id: created.body.conversation.id,
    });
    expect(body.messages[0].content).toMatch(
      /thumbnail generator.*high-quality images from detailed descriptions/,
    );
  });

  it('lists conversations by last update, newest first', async () => {
    const first = (await api('createConversation', { body: { title: 'First' } })).body.conversation;
    const second = (await api('createConversation', { body: { title: 'Second' } })).body.conversation;
    let titles = (await api('listConversations')).body.conversations.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 2)).toEqual(['Second', 'First']);

    // Sending in the older conversation moves it to the top.
    const sent = await api('sendMessage', { params: { id: first.id }, body: { content: 'hello' } });
    expect(sent.status).toBe(202);
    const listed = (await api('listConversations')).body.conversations;
    titles = listed.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 2)).toEqual(['First', 'Second']);
    expect(listed[0].updated_at > second.updated_at).toBe(true);
  });

  it('stores sent messages and lists them oldest first', async () => {
    // A user of their own: each send spends one of the 3 initial credits.
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'order');
    const api = callAs(baseUrl, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const sent = [];
    for (const content of ['one', 'two', 'three']) {
      const answer = await api('sendMessage', { params: { id }, body: { content: `  ${content}  ` } });
      expect(answer.status).toBe(202);
      expect(answer.body.userMessage).toMatchObject({ role: 'user', content, conversation_id: id });
      expect(answer.body.assistantMessage).toMatchObject({ role: 'assistant', conversation_id: id });
      sent.push(answer.body.userMessage);
    }
    const { body } = await api('listMessages', { params: { id } });
    const roles = body.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    const userTexts = body.messages
      .filter((m: { role: string }) => m.role === 'user')
      .map((m: { content: string }) => m.content);
    expect(userTexts).toEqual(['one', 'two', 'three']);
    const ids = body.messages.map((m: { id: string }) => m.id);
    expect([...ids].sort()).toEqual(ids);

    const one = await api('getMessage', { params: { id: sent[0].id } });
    expect(one).toEqual({ status: 200, body: { message: sent[0] } });
  });

  it('refuses an empty message and bad JSON with a clear 400', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const empty = await api('sendMessage', { params: { id }, body: { content: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/empty/i);
    const broken = await api.raw('POST', `/api/conversations/${id}/messages`, '{not json');
    expect(broken).toEqual({
      status: 400,
      body: { error: 'Request body must be JSON', code: 'bad_request' },
    });
    expect((await api('listMessages', { params: { id } })).body.messages).toHaveLength(1);
  });

  it('renames a conversation, cutting the title like every title and refusing a blank one', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const renamed = await api('renameConversation', {
      params: { id },
      body: { title: '  Gaming   channel ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.conversation.title).toBe('Gaming channel');
    const long = await api('renameConversation', { params: { id }, body: { title: 'z'.repeat(80) } });
    expect(long.body.conversation.title).toBe(`${'z'.repeat(50)}...`);
    for (const title of ['', '   ', '\u0000']) {
      const blank = await api('renameConversation', { params: { id }, body: { title } });
      expect(blank.status).toBe(400);
      expect(blank.body.error).toContain(EMPTY_TITLE_TEXT);
    }
    const listed = (await api('listConversations')).body.conversations;
    expect(listed.find((c: { id: string }) => c.id === id).title).toBe(`${'z'.repeat(50)}...`);
  });

  it('opens the conversation nobody has written in again instead of piling up empty ones', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'reuse');
    const api = callAs(baseUrl, user.accessToken);
    const listIds = async () =>
      (await api('listConversations')).body.conversations.map((c: { id: string }) => c.id);

    const first = await api('createConversation', { body: {} });
    expect(first.status).toBe(201);
    const again = await api('createConversation', { body: {} });
    expect(again).toMatchObject({ status: 200, body: { conversation: { id: first.body.conversation.id } } });
    expect(await listIds()).toEqual([first.body.conversation.id]);

    // Once the user wrote in it (before any answer named it), it is never handed out as new.
    const sent = await api('sendMessage', {
      params: { id: first.body.conversation.id },
      body: {
        content: 'A first prompt',
      },
    });
    expect(sent.status).toBe(202);
    const second = await api('createConversation', { body: {} });
    expect(second.status).toBe(201);
    expect(second.body.conversation.id).not.toBe(first.body.conversation.id);

    // A renamed empty conversation is the user's own; asking with a title always makes a new one.
    await api('renameConversation', {
      params: { id: second.body.conversation.id },
      body: { title: 'Kept for later' },
    });
    const third = await api('createConversation', { body: {} });
    expect(third.status).toBe(201);
    const titled = await api('createConversation', { body: { title: 'Named' } });
    expect(titled.status).toBe(201);

    // Reopened, an older empty conversation moves to the top of the list. The busy one's answer is
    // awaited first: its job touches that conversation when it settles.
    const busy = await api('sendMessage', {
      params: { id: titled.body.conversation.id },
      body: {
        content: 'Busy',
      },
    });
    await waitForSettled(api, busy.body.assistantMessage.id);
    const reopened = await api('createConversation', { body: {} });
    expect(reopened.body.conversation.id).toBe(third.body.conversation.id);
    expect((await listIds())[0]).toBe(third.body.conversation.id);
    expect(await listIds()).toHaveLength(4);
  });

  it('deletes a conversation with its messages', async () => {
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const message = (await api('sendMessage', { params: { id }, body: { content: 'bye' } })).body.userMessage;
    expect((await api('deleteConversation', { params: { id } })).status).toBe(204);
    const ids = (await api('listConversations')).body.conversations.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(id);
    expect((await api('listMessages', { params: { id } })).status).toBe(404);
    expect((await api('getMessage', { params: { id: message.id } })).status).toBe(404);
    expect((await api('deleteConversation', { params: { id } })).status).toBe(404);
  });
});

describe('ownership', () => {
  it('gives a second user 404 for everything of the first user', async () => {
    const dataDir = inject('dataDir');
    const ada = callAs(baseUrl, (await signUpUser(baseUrl, dataDir, runtime.clientId, 'ada')).accessToken);
    const babbage = callAs(
      baseUrl,
      (await signUpUser(baseUrl, dataDir, runtime.clientId, 'babbage')).accessToken,
    );

    const { id } = (await ada('createConversation', { body: { title: 'Ada private' } })).body.conversation;
    const message = (await ada('sendMessage', { params: { id }, body: { content: 'secret plan' } })).body
      .userMessage;

    expect((await babbage('listConversations')).body.conversations).toEqual([]);
    expect(await babbage('listMessages', { params: { id } })).toEqual({
      status: 404,
      body: { error: 'Conversation not found', code: 'not_found' },
    });
    expect((await babbage('sendMessage', { params: { id }, body: { content: 'intrude' } })).status).toBe(404);
    expect(
      (await babbage('renameConversation', { params: { id }, body: { title: 'Mine now' } })).status,
    ).toBe(404);
    expect((await babbage('deleteConversation', { params: { id } })).status).toBe(404);
    expect((await babbage('getMessage', { params: { id: message.id } })).status).toBe(404);

    // Out of credits, a send there is still 404 and stores nothing there (no refusal is kept).
    const own = (await babbage('createConversation', { body: { title: 'Babbage' } })).body.conversation.id;
    for (const content of ['one', 'two', 'three']) {
      expect((await babbage('sendMessage', { params: { id: own }, body: { content } })).status).toBe(202);
    }
    expect((await babbage('getCredits')).body).toEqual({ credits: 0 });
    expect((await babbage('sendMessage', { params: { id }, body: { content: 'intrude' } })).status).toBe(404);
    expect(
      (await babbage('sendMessage', { params: { id: 'not-a-conversation' }, body: { content: 'x' } })).status,
    ).toBe(404);

    // Ada's data is untouched.
    const adaMessages = (await ada('listMessages', { params: { id } })).body.messages;
    const adaTexts = adaMessages
      .filter((m: { role: string }) => m.role === 'user')
      .map((m: { content: string }) => m.content);
    expect(adaTexts).toEqual(['secret plan']);
    expect((await ada('listConversations')).body.conversations[0].title).toBe('Ada private');
  });

  it('ignores a user id in the request body', async () => {
    const dataDir = inject('dataDir');
    const ada = await signUpUser(baseUrl, dataDir, runtime.clientId, 'ada');
    const babbage = callAs(
      baseUrl,
      (await signUpUser(baseUrl, dataDir, runtime.clientId, 'babbage')).accessToken,
    );
    const adaId = JSON.parse(Buffer.from(ada.accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
    const created = await babbage.raw('POST', '/api/conversations', {
      title: 'Mine',
      user_id: adaId,
      userId: adaId,
    });
    expect(created.body.conversation.user_id).not.toBe(adaId);
    expect((await callAs(baseUrl, ada.accessToken)('listConversations')).body.conversations).toEqual([]);
  });
});
