import { MESSAGE_PAGE_SIZE, type Message } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForSettled } from '../support/jobs';
import { apiAs, signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
type Api = ReturnType<typeof apiAs>;

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  const api = apiAs(baseUrl, user.accessToken);
  const { id } = (await api('POST', '/api/conversations', {})).body.conversation;
  return { api, token: user.accessToken, conversationId: id as string };
}

const ids = (messages: Message[]) => messages.map((message) => message.id);
const signedAt = (url: string) => new URL(url).searchParams.get('X-Amz-Date');

describe('opening a conversation', () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let other: Api;
  let messagesPath: string;
  beforeAll(async () => {
    owner = await newUser('opening');
    other = (await newUser('opening-other')).api;
    messagesPath = `/api/conversations/${owner.conversationId}/messages`;
    // 3 initial credits: three sends become jobs, the rest are refused but stored too, 2 messages each.
    for (let i = 0; i < 12; i++) {
      const sent = await owner.api('POST', messagesPath, { content: `Thumbnail number ${i}` });
      expect([202, 402]).toContain(sent.status);
      if (sent.status === 202) await waitForSettled(owner.api, sent.body.assistantMessage.id);
    }
  });

  it('pages the messages newest first, each page oldest first, the cursor going back to the greeting', async () => {
    const first = await owner.api('GET', messagesPath);
    expect(first.status).toBe(200);
    expect(first.body.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const newest: Message[] = first.body.messages;
    expect(ids(newest)).toEqual([...ids(newest)].sort());
    expect(newest.at(-1)?.content).not.toBe('');
    expect(newest.at(-2)).toMatchObject({ role: 'user', content: 'Thumbnail number 11' });

    const second = await owner.api('GET', `${messagesPath}?cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    const older: Message[] = second.body.messages;
    // 1 greeting + 12 sends of 2 messages each.
    expect(older).toHaveLength(25 - MESSAGE_PAGE_SIZE);
    expect(second.body.next_cursor).toBeUndefined();
    expect(older[0]).toMatchObject({
      role: 'assistant',
      content: expect.stringMatching(/thumbnail generator/),
    });
    const all = [...ids(older), ...ids(newest)];
    expect(all).toEqual([...new Set(all)].sort());
  });

  it("refuses another user's conversation and a cursor that is no message id", async () => {
    const { next_cursor } = (await owner.api('GET', messagesPath)).body;
    expect((await other('GET', messagesPath)).status).toBe(404);
    expect((await other('GET', `${messagesPath}?cursor=${next_cursor}`)).status).toBe(404);
    expect((await owner.api('GET', `${messagesPath}?cursor=${encodeURIComponent('a#b')}`)).status).toBe(400);
  });

  it('lists only the preview of an image; reading the message signs the full size', async () => {
    const pages: Message[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await owner.api('GET', `${messagesPath}${cursor ? `?cursor=${cursor}` : ''}`);
      pages.push(...body.messages);
      cursor = body.next_cursor;
    } while (cursor);
    const images = pages.filter((message) => message.is_image_message);
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image).toMatchObject({
        image_url: expect.any(String),
        full_image_url: null,
        downloads: ['jpeg', 'png'],
      });
      const { body } = await owner.api('GET', `/api/messages/${image.id}`);
      expect(body.message).toMatchObject({
        image_url: image.image_url,
        full_image_url: expect.stringContaining('original.png'),
        downloads: ['jpeg', 'png'],
      });
    }
  });

  it('hands out the same image URL on every read within the signing window, cacheable for good', async () => {
    const read = async () =>
      ((await owner.api('GET', messagesPath)).body.messages as Message[]).filter((m) => m.image_url);
    const [before, after] = [await read(), await new Promise((r) => setTimeout(r, 1100)).then(read)];
    const url = before[0]?.image_url ?? '';
    expect(url).not.toBe('');
    // Only a read that straddles the top of the hour may sign anew.
    if (signedAt(url) === signedAt(after[0]?.image_url ?? '')) {
      expect(after.map((m) => m.image_url)).toEqual(before.map((m) => m.image_url));
    }
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('compresses the JSON of the API for a browser that takes it', async () => {
    const answer = await fetch(`${baseUrl}${messagesPath}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(((await answer.json()) as { messages: unknown[] }).messages).toHaveLength(MESSAGE_PAGE_SIZE);
  });
});

describe('following jobs', () => {
  it("answers every job of the conversation since the oldest pending one in one request, signing only a settled job's preview", async () => {
    const { api, conversationId } = await newUser('follow');
    const path = `/api/conversations/${conversationId}/messages`;
    const sent = [
      await api('POST', path, { content: 'A red car on a mountain road' }),
      await api('POST', path, { content: 'A blue boat on a calm lake' }),
    ];
    const jobIds = sent.map((s) => s.body.assistantMessage.id as string);
    const jobsPath = `/api/conversations/${conversationId}/jobs?since=${jobIds[0]}`;
    let jobs: Message[] = [];
    for (let polls = 0; polls < 200; polls++) {
      const answer = await api('GET', jobsPath);
      expect(answer.status).toBe(200);
      jobs = answer.body.jobs;
      expect(ids(jobs)).toEqual(jobIds);
      for (const job of jobs) {
        expect(job.role).toBe('assistant');
        expect(job.full_image_url).toBeNull();
        if (job.status === 'pending') expect(job.image_url).toBeNull();
      }
      if (jobs.every((job) => job.status !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    // A settled job carries what the chat shows: the WebP preview widths, and the original as
    // the fallback (its URL signed like a preview's; the list signs no full size).
    expect(jobs.every((job) => job.image_url?.includes('/original.png'))).toBe(true);
    expect(jobs.every((job) => job.image_sources?.length === 3)).toBe(true);
    expect(
      (await api('GET', `/api/conversations/${conversationId}/jobs?since=${jobIds[1]}`)).body.jobs,
    ).toHaveLength(1);
  });

  it("refuses another user's conversation and a poll that says no job", async () => {
    const { api, conversationId } = await newUser('follow-owner');
    const sent = await api('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'A green tree',
    });
    const other = (await newUser('follow-other')).api;
    const jobsPath = `/api/conversations/${conversationId}/jobs`;
    expect((await other('GET', `${jobsPath}?since=${sent.body.assistantMessage.id}`)).status).toBe(404);
    expect((await api('GET', jobsPath)).status).toBe(400);
    await waitForSettled(api, sent.body.assistantMessage.id);
  });
});
