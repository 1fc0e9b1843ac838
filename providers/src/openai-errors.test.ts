import { OPENAI_TEXTS } from '@thumbnail-studio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileParts } from '../../tests/fakes/fake-http';
import { type FakeOpenAI, openAIError, startFakeOpenAI } from '../../tests/fakes/openai-server';
import { generation, jpegOf, providerAgainst } from '../../tests/support/providers';

let fake: FakeOpenAI;
const jpeg = jpegOf(1, 2, 3);

const openai = providerAgainst('openai', () => fake.url);

const files = (index: number) => fileParts(fake.requests[index]);

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('openai errors', () => {
  const edit = { prompt: 'x', images: [jpeg], people: [] };

  it('names OPENAI_API_KEY when the key is missing, without calling the API', async () => {
    expect(await (await openai({}, null)).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.missingKey,
    });
    expect(await (await openai({}, '  ')).edit(edit)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.edit.missingKey,
    });
    expect(fake.requests).toHaveLength(0);
    expect(OPENAI_TEXTS.generate.missingKey).toBe(
      'I need an OpenAI API key to generate images. Please add your OPENAI_API_KEY to your environment variables.',
    );
    expect(OPENAI_TEXTS.edit.missingKey).toBe(
      'I need an OpenAI API key to edit images. Please add your OPENAI_API_KEY to your environment variables.',
    );
  });

  it('gives the key text when the key is refused', async () => {
    fake.failNext(1, 401, {
      body: openAIError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
    });
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.missingKey,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('maps a moderation refusal to the content-policy texts, without retrying', async () => {
    fake.mode('refuse');
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content:
        "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    });
    expect(await (await openai()).edit(edit)).toEqual({
      type: 'error',
      content:
        "I can't edit the image with that prompt as it violates OpenAI's content policy. Please try a different prompt.",
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('reads a 400 that speaks of safety as a policy refusal', async () => {
    fake.failNext(1, 400, {
      body: openAIError('Image rejected by the safety system', 'invalid_request_error'),
    });
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.policy,
    });
  });

  it('gives the other texts for an answer with no image and for errors that outlast the retries', async () => {
    fake.mode('no-image');
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content: "I'm having trouble generating the image right now. Please try again in a moment.",
    });
    fake.reset();
    fake.failNext(3, 500);
    expect(await (await openai()).edit(edit)).toEqual({
      type: 'error',
      content: "I'm having trouble editing the image right now. Please try again in a moment.",
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('gives the image-fetch text when a source image is not one the API takes', async () => {
    const gif = { bytes: new Uint8Array([0x47, 0x49, 0x46]), mimeType: 'image/gif' };
    expect(await (await openai()).edit({ ...edit, images: [gif] })).toEqual({
      type: 'error',
      content:
        'I had trouble processing the YouTube thumbnail due to browser security restrictions. Please try again - the system will attempt to use a proxy to fetch the image.',
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai retries and timeouts', () => {
  it('retries 500s and then succeeds', async () => {
    fake.failNext(2, 500);
    expect((await (await openai()).generate(generation)).type).toBe('image');
    expect(fake.requests.map((r) => r.path)).toEqual(Array(3).fill('/v1/images/generations'));
  });

  it('retries a 429 after its retry-after, and the multipart body is sent whole again', async () => {
    fake.failNext(1, 429, { headers: { 'retry-after': '0' } });
    expect((await (await openai()).edit({ prompt: 'x', images: [jpeg], people: [] })).type).toBe('image');
    expect(fake.requests).toHaveLength(2);
    expect(files(1)).toEqual(files(0));
  });

  it('ends the call at once on a 429 whose retry-after it cannot wait out, saying how long to wait', async () => {
    fake.failNext(1, 429, {
      headers: { 'retry-after': '120' },
      body: openAIError('Rate limit reached for images per minute.', 'requests', 'rate_limit_exceeded'),
    });
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.other,
      retryAfterMs: 120_000,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('says how long to wait when a 429 is still there on the last attempt', async () => {
    fake.failNext(3, 429, { headers: { 'retry-after-ms': '5' } });
    expect(await (await openai()).generate(generation)).toMatchObject({ type: 'error', retryAfterMs: 5 });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a client error', async () => {
    fake.failNext(1, 400, { body: openAIError('Invalid size', 'invalid_request_error') });
    expect(await (await openai()).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.other,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a stalled call at the timeout, retried, with the other text', async () => {
    fake.mode('stall');
    const provider = await openai({ PROVIDER_TIMEOUT_MS: '150', PROVIDER_MAX_RETRIES: '1' });
    expect(await provider.generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.other,
    });
    expect(fake.requests).toHaveLength(2);
  });
});
