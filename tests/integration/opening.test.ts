import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type FollowedJob,
  followParam,
  MAX_FOLLOWED_JOBS,
  MESSAGE_PAGE_SIZE,
  type Message,
  revisionOf,
} from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { backendDynamoEnv } from '../../local/dynamodb/dynamodb-local';
import type { Call } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { sharedCloud } from '../support/local-cloud';
import { newUserWithConversation } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

const newUser = (name: string) => newUserWithConversation(sharedCloud(), name);

const ids = (messages: Message[]) => messages.map((message) => message.id);
const signedAt = (url: string) => new URL(url).searchParams.get('X-Amz-Date');

describe('opening a conversation', () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let other: Call;
  let messagesPath: string;
  beforeAll(async () => {
    owner = await newUser('opening');
    other = (await newUser('opening-other')).api;
    messagesPath = `/api/conversations/${owner.conversationId}/messages`;
    // 3 initial credits: three sends become jobs, the rest are refused but stored too, 2 messages each.
    for (let i = 0; i < 12; i++) {
      const sent = await owner.api('sendMessage', {
        params: { id: owner.conversationId },
        body: { content: `Thumbnail number ${i}` },
      });
      expect([202, 402]).toContain(sent.status);
      if (sent.status === 202) await waitForSettled(owner.api, sent.body.assistantMessage.id);
    }
  });

  it('pages the messages newest first, each page oldest first, the cursor going back to the greeting', async () => {
    const first = await owner.api('listMessages', { params: { id: owner.conversationId } });
    expect(first.status).toBe(200);
    expect(first.body.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const newest: Message[] = first.body.messages;
    expect(ids(newest)).toEqual([...ids(newest)].sort());
    expect(newest.at(-1)?.content).not.toBe('');
    expect(newest.at(-2)).toMatchObject({ role: 'user', content: 'Thumbnail number 11' });

    const second = await owner.api('listMessages', {
      params: { id: owner.conversationId },
      query: { cursor: first.body.next_cursor },
    });
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
    const { next_cursor } = (await owner.api('listMessages', { params: { id: owner.conversationId } })).body;
    expect((await other('listMessages', { params: { id: owner.conversationId } })).status).toBe(404);
    expect(
      (await other('listMessages', { params: { id: owner.conversationId }, query: { cursor: next_cursor } }))
        .status,
    ).toBe(404);
    expect(
      (await owner.api('listMessages', { params: { id: owner.conversationId }, query: { cursor: 'a#b' } }))
        .status,
    ).toBe(400);
  });

  it('lists only the preview of an image; reading the message signs the full size', async () => {
    const pages: Message[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await owner.api('listMessages', {
        params: { id: owner.conversationId },
        query: cursor ? { cursor } : {},
      });
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
      const { body } = await owner.api('getMessage', { params: { id: image.id } });
      expect(body.message).toMatchObject({
        image_url: image.image_url,
        full_image_url: expect.stringContaining('original.png'),
        downloads: ['jpeg', 'png'],
      });
    }
  });

  it('hands out the same image URL on every read within the signing window, cacheable for good', async () => {
    const read = async () =>
      (
        (await owner.api('listMessages', { params: { id: owner.conversationId } })).body.messages as Message[]
      ).filter((m) => m.image_url);
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

/** A poll as the chat makes it: the followed jobs with the revision it has of each; the answer and its size. */
async function poll(api: Call, conversationId: string, followed: FollowedJob[]) {
  const answer = await api('getJobUpdates', {
    params: { id: conversationId },
    query: { follow: followParam(followed) },
  });
  expect(answer.status).toBe(200);
  return { jobs: answer.body.jobs as Message[], bytes: JSON.stringify(answer.body).length };
}

describe('following jobs', () => {
  it('answers a followed job only once it moved past the revision named, signing only a settled preview', async () => {
    const { api, conversationId } = await newUser('follow');
    const sent = [
      await api('sendMessage', {
        params: { id: conversationId },
        body: { content: 'A red car on a mountain road' },
      }),
      await api('sendMessage', {
        params: { id: conversationId },
        body: { content: 'A blue boat on a calm lake' },
      }),
    ];
    const known = new Map<string, Message>(
      sent.map((s) => [s.body.assistantMessage.id as string, s.body.assistantMessage as Message]),
    );
    const inMotion = () =>
      [...known.values()].filter((job) => job.status === 'pending' || job.legibility === undefined);
    let polls = 0;
    let repeated = 0;
    while (inMotion().length > 0 && polls < 300) {
      polls += 1;
      const followed = inMotion().map((job) => ({ id: job.id, revision: revisionOf(job) }));
      const { jobs } = await poll(api, conversationId, followed);
      for (const job of jobs) {
        const before = known.get(job.id);
        expect(before).toBeDefined();
        if (revisionOf(job) <= revisionOf(before as Message)) repeated += 1;
        expect(job.full_image_url).toBeNull();
        if (job.status === 'pending') expect(job.image_url).toBeNull();
        known.set(job.id, job);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(inMotion()).toEqual([]);
    // No answer carried a job the chat had already.
    expect(repeated).toBe(0);
    const jobs = [...known.values()];
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    // A settled job carries what the chat shows: the WebP preview widths, and the original as
    // the fallback (its URL signed like a preview's; the list signs no full size).
    expect(jobs.every((job) => job.image_url?.includes('/original.png'))).toBe(true);
    expect(jobs.every((job) => job.image_sources?.length === 3)).toBe(true);
    // Asked again at the revisions it has, nothing has changed: an empty answer.
    const again = await poll(
      api,
      conversationId,
      jobs.map((job) => ({ id: job.id, revision: revisionOf(job) })),
    );
    expect(again).toEqual({ jobs: [], bytes: '{"jobs":[]}'.length });
    // A copy older than the server's is answered again, only that one.
    const [first] = jobs;
    const stale = await poll(api, conversationId, [{ id: first?.id ?? '', revision: 0 }]);
    expect(ids(stale.jobs)).toEqual([first?.id]);
  });

  it('opening a finished conversation of many images, and reloading it, follows nothing: no poll, one page', async () => {
    const { api, conversationId } = await newUser('follow-finished');
    // 3 initial credits: 3 images, then refusals; a finished conversation of a full page.
    for (let i = 0; i < 10; i++) {
      const sent = await api('sendMessage', {
        params: { id: conversationId },
        body: { content: `Finished number ${i}` },
      });
      if (sent.status === 202) await waitForSettled(api, sent.body.assistantMessage.id);
    }
    for (const visit of ['open', 'reload']) {
      const page: Message[] = (await api('listMessages', { params: { id: conversationId } })).body.messages;
      expect(
        page.filter((message) => message.is_image_message),
        visit,
      ).toHaveLength(3);
      // Every image's checks are over (the verdict, or null when they could not be made), nothing
      // is pending: nothing is left for the chat to follow.
      const inMotion = page.filter(
        (message) =>
          message.status === 'pending' || (message.is_image_message && message.legibility === undefined),
      );
      expect(inMotion, visit).toEqual([]);
    }
  });

  it('answers nothing, poll after poll, for an image whose checks never ended, however many images follow it', async () => {
    const { api, conversationId } = await newUser('follow-stuck');
    const images: Message[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await api('sendMessage', {
        params: { id: conversationId },
        body: { content: `Stuck number ${i}` },
      });
      images.push(await waitForSettled(api, sent.body.assistantMessage.id));
    }
    // The first image's checks never ended (its worker stopped between the image and them).
    const [stuck] = images as [Message];
    Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
    const { ddb } = await import('../../functions/src/lib/sdk-clients');
    const { tableName } = await import('../../functions/src/data/dynamo');
    await ddb.send(
      new UpdateCommand({
        TableName: tableName('messages'),
        Key: { conversation_id: conversationId, id: stuck.id },
        UpdateExpression: 'REMOVE legibility',
      }),
    );
    const page: Message[] = (await api('listMessages', { params: { id: conversationId } })).body.messages;
    const followed = page
      .filter((message) => message.is_image_message && message.legibility === undefined)
      .map((message) => ({ id: message.id, revision: revisionOf(message) }));
    expect(followed).toEqual([{ id: stuck.id, revision: revisionOf(stuck) }]);
    let bytes = 0;
    for (let polls = 0; polls < 18; polls++) bytes += (await poll(api, conversationId, followed)).bytes;
    // 18 empty answers, where each used to carry every settled job since the stuck one.
    expect(bytes).toBe(18 * '{"jobs":[]}'.length);
  });

  it("refuses another user's conversation and a poll that names no job or names it wrongly", async () => {
    const { api, conversationId } = await newUser('follow-owner');
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'A green tree',
      },
    });
    const other = (await newUser('follow-other')).api;
    const jobId = sent.body.assistantMessage.id as string;
    expect(
      (await other('getJobUpdates', { params: { id: conversationId }, query: { follow: `${jobId}.0` } }))
        .status,
    ).toBe(404);
    expect((await api('getJobUpdates', { params: { id: conversationId } })).status).toBe(400);
    expect(
      (await api('getJobUpdates', { params: { id: conversationId }, query: { since: jobId } })).status,
    ).toBe(400);
    expect(
      (await api('getJobUpdates', { params: { id: conversationId }, query: { follow: `${jobId}#x.0` } }))
        .status,
    ).toBe(400);
    const tooMany = Array.from({ length: MAX_FOLLOWED_JOBS + 1 }, () => ({ id: jobId, revision: 0 }));
    expect(
      (
        await api('getJobUpdates', {
          params: { id: conversationId },
          query: { follow: followParam(tooMany) },
        })
      ).status,
    ).toBe(400);
    await waitForSettled(api, jobId);
  });
});
