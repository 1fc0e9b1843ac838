import { INSUFFICIENT_CREDITS_TEXT, PHASE_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  deliverJob,
  downloadUrl,
  queueStats,
  uploadImage,
  waitForQueueIdle,
  waitForSettled,
} from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { sharedCloud } from '../support/local-cloud';
import { listKeys, objectExists, putObject } from '../support/storage';
import { newUserWithConversation } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
const NOT_ENOUGH = INSUFFICIENT_CREDITS_TEXT;

const newUser = (name: string) => newUserWithConversation(sharedCloud(), name);

describe('generation with the offline provider', () => {
  it('offers only the local provider when no keys are set', async () => {
    const { api } = await newUser('providers');
    expect((await api('listProviders')).body).toEqual({
      providers: [expect.objectContaining({ id: 'local', label: expect.any(String) })],
      default: 'local',
    });
  });

  it("keeps each settled job's durations, and lists the time the provider's recent jobs took", async () => {
    const { api, conversationId } = await newUser('timings');
    for (const subject of ['lighthouse', 'harbour', 'ferry']) {
      const sent = await api('sendMessage', {
        params: { id: conversationId },
        body: { content: `A ${subject}` },
      });
      expect(sent.body.assistantMessage.started_at).toBeUndefined();
      const settled = await waitForSettled(api, sent.body.assistantMessage.id);
      // A settled job no longer says when its worker began.
      expect(settled.started_at).toBeUndefined();
    }
    const [local] = (await api('listProviders')).body.providers;
    expect(local?.timing).toEqual({
      waiting_ms: expect.any(Number),
      drawing_ms: expect.any(Number),
      finishing_ms: expect.any(Number),
      slow_after_ms: expect.any(Number),
      jobs: expect.any(Number),
    });
    const timing = local?.timing ?? { jobs: 0, slow_after_ms: 0, finishing_ms: 0 };
    expect(timing.jobs).toBeGreaterThanOrEqual(3);
    // Storing the images takes some time; the slowest jobs take at least as long as a usual one.
    expect(timing.finishing_ms).toBeGreaterThan(0);
    expect(timing.slow_after_ms).toBeGreaterThanOrEqual(timing.finishing_ms);
  });

  it('generates, then edits, charging exactly one credit each', async () => {
    const { api, userId, conversationId } = await newUser('gen');

    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: { content: 'A cat astronaut with the text "SPACE CAT"' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.assistantMessage).toMatchObject({
      status: 'pending',
      content: PHASE_TEXT.queued,
    });
    expect((await api('getCredits')).body).toEqual({ credits: 2 });

    const generated = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(generated).toMatchObject({ status: 'done', is_image_message: true, is_edit: false });
    // With the legibility check off (as in this cloud), the image comes with its verdict: nothing
    // to check, so the chat stops following it at once.
    expect(generated.legibility).toEqual({
      text: '',
      sizes: [],
      reads_at_feed_size: true,
      hard_to_read: [],
      boxes: [],
    });
    expect(generated.downloads).toEqual(['jpeg', 'png']);
    const download = await fetch(await downloadUrl(api, generated.id, 'png'));
    expect(download.status).toBe(200);
    const exported = await sharp(new Uint8Array(await download.arrayBuffer())).metadata();
    expect([exported.format, exported.width, exported.height]).toEqual(['png', 1280, 720]);
    // Without WebP the chat falls back to the original itself: the job encodes nothing for it.
    expect(generated.image_url.split('?')[0]).toMatch(/\/original\.png$/);
    expect((await fetch(generated.image_url)).headers.get('content-type')).toBe('image/png');
    // The chat's previews: WebP at three widths of the same 16:9 frame.
    expect(generated.image_sources.map((s: { width: number }) => s.width)).toEqual([480, 960, 1280]);
    for (const source of generated.image_sources) {
      const preview = await fetch(source.url);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(new Uint8Array(await preview.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', source.width, (source.width * 9) / 16]);
    }
    // The recommended download: a 1280x720 JPEG, far under YouTube's 2 MB.
    const jpeg = new Uint8Array(
      await (await fetch(await downloadUrl(api, generated.id, 'jpeg'))).arrayBuffer(),
    );
    const youtube = await sharp(jpeg).metadata();
    expect([youtube.format, youtube.width, youtube.height]).toEqual(['jpeg', 1280, 720]);
    expect(jpeg.length).toBeLessThanOrEqual(600_000);

    const conversations = (await api('listConversations')).body.conversations;
    expect(conversations[0]).toMatchObject({
      id: conversationId,
      title: 'A cat astronaut with the text "SPACE CAT"',
    });

    const edit = await api('sendMessage', {
      params: { id: conversationId },
      body: { content: 'Make it brighter' },
    });
    expect(edit.status).toBe(202);
    const edited = await waitForSettled(api, edit.body.assistantMessage.id);
    expect(edited).toMatchObject({ status: 'done', is_image_message: true, is_edit: true });
    expect((await api('getCredits')).body).toEqual({ credits: 1 });

    const { balance, ledger, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(1);
    expect(sum).toBe(1);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(2);
  });

  it('answers 402 insufficient_credits with the not-enough-credits text when credits run out, charging nothing', async () => {
    const { api, userId, conversationId } = await newUser('broke');
    for (let i = 0; i < 3; i++) {
      const sent = await api('sendMessage', {
        params: { id: conversationId },
        body: { content: `Thumbnail number ${i}` },
      });
      expect(sent.status).toBe(202);
      await waitForSettled(api, sent.body.assistantMessage.id);
    }
    const refused = await api('sendMessage', {
      params: { id: conversationId },
      body: { content: 'One more please' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(NOT_ENOUGH);
    expect(refused.body.code).toBe('insufficient_credits');
    expect(refused.body.assistantMessage).toMatchObject({ status: 'error', content: NOT_ENOUGH });
    expect((await api('getCredits')).body).toEqual({ credits: 0 });
    const messages = (await api('listMessages', { params: { id: conversationId } })).body.messages;
    expect(messages.at(-2)).toMatchObject({ role: 'user', content: 'One more please' });
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: NOT_ENOUGH });
    const { balance, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([0, 0]);
  });

  it('with balance N, 5N parallel sends start exactly N jobs and the ledger adds up', async () => {
    const { api, userId, conversationId } = await newUser('race');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        api('sendMessage', { params: { id: conversationId }, body: { content: `Parallel thumbnail ${i}` } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(3);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(12);
    await Promise.all(accepted.map((a) => waitForSettled(api, a.body.assistantMessage.id)));
    const { balance, ledger, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(0);
    expect(sum).toBe(0);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#reserve#'))).toHaveLength(3);
  });

  it("a new account's first sends, all at once, are charged to its initial credits, none refused", async () => {
    // No request has opened the account yet: every send finds no balance, and one of them opens it.
    const { api, userId, conversationId } = await newUser('first-burst');
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        api('sendMessage', { params: { id: conversationId }, body: { content: `First thumbnail ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    await Promise.all(answers.map((a) => waitForSettled(api, a.body.assistantMessage.id)));
    const { balance, sum, ledger } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([0, 0]);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#reserve#'))).toHaveLength(3);
  });

  it('a job delivered twice charges once and makes one image', async () => {
    const { api, userId, conversationId } = await newUser('twice');
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Retro poster',
      },
    });
    const job = { jobId: sent.body.assistantMessage.id, conversationId, userId };
    await deliverJob(baseUrl, job);
    const done = await waitForSettled(api, job.jobId);
    const before = await queueStats(baseUrl);
    await deliverJob(baseUrl, job);
    await waitForQueueIdle(baseUrl, before.delivered + 1);
    expect(
      (await api('getMessage', { params: { id: job.jobId } })).body.message.image_url?.split('?')[0],
    ).toBe(done.image_url.split('?')[0]);
    const { balance, ledger, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(2);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#commit#'))).toHaveLength(1);
    expect(sum).toBe(2);
  });
});

describe('reference images', () => {
  let png: Uint8Array;
  beforeAll(async () => {
    png = new Uint8Array(
      await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer(),
    );
  });

  it('stores an uploaded reference, shows it in the user message and edits it', async () => {
    const { api, conversationId } = await newUser('refs');
    const key = await uploadImage(api, png);
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Use this as the background',
        uploaded_images: [key],
      },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.userMessage.uploaded_images).toHaveLength(1);
    // Only the re-encoded copy is kept; the raw upload (EXIF and all) is gone.
    expect(await objectExists(runtime, key)).toBe(false);
    const reference = await fetch(sent.body.userMessage.uploaded_images[0]);
    expect(reference.status).toBe(200);
    expect((await sharp(new Uint8Array(await reference.arrayBuffer())).metadata()).format).toBe('jpeg');
    const done = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(done).toMatchObject({ status: 'done', is_edit: true });
  });

  it('makes each download on first ask only, for the owner only, and answers the same file after', async () => {
    const { api, userId, conversationId } = await newUser('downloads');
    const sent = await api('sendMessage', { params: { id: conversationId }, body: { content: 'Red car' } });
    const done = await waitForSettled(api, sent.body.assistantMessage.id);
    const folder = `images/${userId}/${done.id}/`;
    const stored = async () =>
      (await listKeys(runtime, folder)).map((key) => key.slice(folder.length)).sort();
    // The job stored the original and the chat's previews, nothing more; neither download was made.
    expect(await stored()).toEqual([
      '1/original.png',
      '1/preview-1280.webp',
      '1/preview-480.webp',
      '1/preview-960.webp',
    ]);

    const jpegUrl = await downloadUrl(api, done.id, 'jpeg');
    expect(await stored()).toContain('1/thumbnail-1280x720.jpg');
    expect(await stored()).not.toContain('1/thumbnail-1280x720.png');
    const first = new Uint8Array(await (await fetch(jpegUrl)).arrayBuffer());
    const again = new Uint8Array(await (await fetch(await downloadUrl(api, done.id, 'jpeg'))).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);

    const other = await newUser('downloads-other');
    expect((await other.api('getDownload', { params: { id: done.id, format: 'jpeg' } })).status).toBe(404);
    expect((await api('getDownload', { params: { id: done.id, format: 'gif' } })).status).toBe(404);
    expect(
      (await api('getDownload', { params: { id: sent.body.userMessage.id, format: 'png' } })).status,
    ).toBe(404);
    expect(await stored()).not.toContain('1/thumbnail-1280x720.png');
  });

  it('deleting the conversation deletes its references and generated images from storage', async () => {
    const { api, conversationId } = await newUser('forget');
    const key = await uploadImage(api, png);
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Use this face',
        uploaded_images: [key],
      },
    });
    const done = await waitForSettled(api, sent.body.assistantMessage.id);
    const urls = [
      sent.body.userMessage.uploaded_images[0],
      done.image_url,
      done.full_image_url,
      await downloadUrl(api, done.id, 'png'),
      await downloadUrl(api, done.id, 'jpeg'),
      ...done.image_sources.map((source: { url: string }) => source.url),
    ];
    for (const url of urls) expect((await fetch(url)).status).toBe(200);

    expect((await api('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    // The signed URLs are still within their lifetime; the objects behind them are gone.
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
  });

  it("refuses another user's upload and a file that is not an image, charging nothing", async () => {
    const ada = await newUser('ada');
    const babbage = await newUser('babbage');
    const adaKey = await uploadImage(ada.api, png);
    const stolen = await babbage.api('sendMessage', {
      params: { id: babbage.conversationId },
      body: { content: 'Mine now', uploaded_images: [adaKey] },
    });
    expect(stolen.status).toBe(400);

    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const fake = await uploadImage(babbage.api, text, 'image/png');
    const refused = await babbage.api('sendMessage', {
      params: { id: babbage.conversationId },
      body: { content: 'Use this', uploaded_images: [fake] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/not an image we can use/);

    // Storage takes only the declared size; an object that got there another way is still
    // refused by the send before it is read.
    const grant = await babbage.api('createUpload', { body: { content_type: 'image/png', size: 1 } });
    await putObject(runtime, grant.body.key, new Uint8Array(11 * 1024 * 1024));
    const huge = grant.body.key;
    const tooBig = await babbage.api('sendMessage', {
      params: { id: babbage.conversationId },
      body: { content: 'Use this', uploaded_images: [huge] },
    });
    expect(tooBig).toMatchObject({
      status: 400,
      body: { error: 'Images must be 10 MB or smaller.', code: 'bad_request' },
    });
    expect((await babbage.api('getCredits')).body).toEqual({ credits: 3 });
  });

  it('refuses non-image uploads up front', async () => {
    const { api } = await newUser('types');
    const answer = await api.raw('POST', '/api/uploads', { content_type: 'image/svg+xml', size: 100 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Only image files/);
  });

  it('rejects an invalid video link with "Invalid YouTube URL"', async () => {
    const { api } = await newUser('video');
    expect(await api('fetchVideoThumbnail', { body: { url: 'https://vimeo.com/123' } })).toEqual({
      status: 400,
      body: { error: 'Invalid YouTube URL', code: 'bad_request' },
    });
  });
});
