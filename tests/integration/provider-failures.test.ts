import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVideoImageHost, startVideoImageHost } from '../fakes/video-image-host';
import { callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { readPersonModel, seedPersonModel } from '../support/models';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/**
 * A local cloud with both real providers configured, their SDKs pointed at
 * fake servers that can fail, stall or refuse, and the video image host faked.
 */
let videoHost: FakeVideoImageHost;
beforeAll(async () => {
  videoHost = await startVideoImageHost();
});
afterAll(() => videoHost?.stop());
beforeEach(() => videoHost.reset());

const { cloud, fakes } = useLocalCloudWithFakeProviders(() => ({
  VIDEO_THUMBNAIL_BASE_URL: videoHost.url,
  PROVIDER_TIMEOUT_MS: '1500',
  PROVIDER_MAX_RETRIES: '2',
  PROVIDER_RETRY_INITIAL_MS: '10',
  PROVIDER_RETRY_MAX_MS: '20',
  ...WITHOUT_IMAGE_CHECKS,
}));

async function newUser(name: string) {
  const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, name);
  const api = callAs(cloud.url, user.accessToken);
  const { id } = (await api('createConversation', { body: {} })).body.conversation;
  const send = (content: string, provider: string, extra: object = {}) =>
    api('sendMessage', { params: { id }, body: { content, provider, ...extra } });
  return { api, send, userId: String(decodePayload(user.accessToken).sub) };
}

/** Sends one request, waits for its job, and checks the credit came back with the given error text. */
async function expectRefunded(name: string, provider: string, text: string) {
  const { api, send, userId } = await newUser(name);
  const sent = await send('A neon gaming thumbnail', provider);
  expect(sent.status).toBe(202);
  const settled = await waitForSettled(api, sent.body.assistantMessage.id);
  expect(settled).toMatchObject({ status: 'error', content: text, is_image_message: false });
  expect((await api('getCredits')).body).toEqual({ credits: 3 });
  const { ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
  expect(ledger.map((e) => String(e.sk).split('#')[1]).sort()).toEqual(['initial', 'refund', 'reserve']);
}

describe('with provider keys', () => {
  it('offers gemini (the default) and openai, and not the offline provider, with no jobs to time yet', async () => {
    const { api } = await newUser('offer');
    expect((await api('listProviders')).body).toEqual({
      providers: [
        { id: 'gemini', label: 'Gemini Nano Banana', timing: null },
        { id: 'openai', label: 'OpenAI GPT-Image', timing: null },
      ],
      default: 'gemini',
    });
    const { send } = await newUser('offline');
    expect((await send('x', 'local')).status).toBe(400);
  });

  it('generates through OpenAI, retrying a 500 without charging twice', async () => {
    const { api, send, userId } = await newUser('retry');
    fakes.openai.failNext(1, 500);
    const sent = await send('A cat astronaut', 'openai');
    const done = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(done).toMatchObject({ status: 'done', is_image_message: true });
    const generations = fakes.openai.requests.filter((r) => r.path === '/v1/images/generations');
    expect(generations.length).toBeGreaterThanOrEqual(1);
    expect(generations.at(-1)?.body).toMatchObject({ model: 'gpt-image-2', n: 1, quality: 'high' });
    const { balance, ledger } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(2);
    expect(ledger.filter((e) => String(e.sk).startsWith('ledger#reserve#'))).toHaveLength(1);
  });

  it('generates through Gemini asking for 16:9', async () => {
    const { api, send } = await newUser('gemini');
    const sent = await send('A cooking thumbnail', 'gemini');
    expect(await waitForSettled(api, sent.body.assistantMessage.id)).toMatchObject({ status: 'done' });
    const call = fakes.gemini.requests.find(
      (r) => r.path.includes(':generateContent') && r.path.includes('image'),
    );
    expect(JSON.stringify(call?.body)).toContain('16:9');
  });

  it('refunds when OpenAI keeps failing with 500', async () => {
    fakes.openai.failNext(20, 500);
    await expectRefunded(
      'fail500',
      'openai',
      "I'm having trouble generating the image right now. Please try again in a moment.",
    );
  });

  it('refunds when OpenAI refuses on content policy', async () => {
    fakes.openai.mode('refuse');
    await expectRefunded(
      'policy',
      'openai',
      "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    );
  });

  it('refunds when the provider stalls past the timeout', async () => {
    fakes.openai.mode('stall');
    await expectRefunded(
      'stall',
      'openai',
      "I'm having trouble generating the image right now. Please try again in a moment.",
    );
  });

  it('refunds when Gemini answers without an image', async () => {
    fakes.gemini.mode('no-image');
    await expectRefunded(
      'noimage',
      'gemini',
      'No image was generated. Please try again with a different prompt.',
    );
  });

  it('turns a video link into a reference fetched from the image host, then edits with it', async () => {
    const thumbnail = new Uint8Array(
      await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#c00' } })
        .jpeg()
        .toBuffer(),
    );
    videoHost.serve('/vi/dQw4w9WgXcQ/sddefault.jpg', { body: thumbnail });
    const { api, send } = await newUser('video');
    const fetched = await api('fetchVideoThumbnail', { body: { url: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(fetched.status).toBe(201);
    expect(fetched.body.video_id).toBe('dQw4w9WgXcQ');
    expect(videoHost.requests.map((r) => r.path)).toEqual([
      '/vi/dQw4w9WgXcQ/maxresdefault.jpg',
      '/vi/dQw4w9WgXcQ/sddefault.jpg',
    ]);
    const sent = await send('Remake this thumbnail', 'openai', { uploaded_images: [fetched.body.key] });
    const done = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(done).toMatchObject({ status: 'done', is_edit: true });
    expect(fakes.openai.requests.some((r) => r.path === '/v1/images/edits')).toBe(true);
  });

  it('features selected people: their photos and names reach the provider, and their use is counted', async () => {
    const { api, send, userId } = await newUser('people');
    const modelId = await seedPersonModel(cloud.runtime, userId, 'Ada Lovelace');
    const sent = await send('Me pointing at a giant robot', 'openai', { selected_model_ids: [modelId] });
    expect(sent.status).toBe(202);
    expect(sent.body.userMessage.selected_model_ids).toEqual([modelId]);
    expect(await waitForSettled(api, sent.body.assistantMessage.id)).toMatchObject({ status: 'done' });
    const call = fakes.openai.requests.find((r) => r.path === '/v1/images/edits');
    expect(call?.parts?.filter((part) => part.name.startsWith('image'))).toHaveLength(1);
    expect(JSON.stringify(call?.parts?.find((part) => part.name === 'prompt'))).toContain('Ada Lovelace');
    // Usage is counted just after the job settles.
    await expect
      .poll(async () => (await readPersonModel(cloud.runtime, userId, modelId))?.usage_count)
      .toBe(1);
  });

  it("refuses a model that isn't the user's, charging nothing", async () => {
    const ada = await newUser('ada');
    const babbage = await newUser('babbage');
    const adaModel = await seedPersonModel(cloud.runtime, ada.userId, 'Ada');
    const refused = await babbage.send('Use Ada', 'openai', { selected_model_ids: [adaModel] });
    expect(refused.status).toBe(400);
    expect((await babbage.api('getCredits')).body).toEqual({ credits: 3 });
  });

  it('answers 502 when the video has no thumbnail, charging nothing', async () => {
    const { api } = await newUser('nothumb');
    const answer = await api('fetchVideoThumbnail', {
      body: {
        url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      },
    });
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('upstream_unavailable');
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
  });
});
