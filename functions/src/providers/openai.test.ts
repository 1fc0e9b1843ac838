import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeOpenAI, openAIError, startFakeOpenAI } from '../../../tests/fakes/openai-server';
import { CLASSIFIER_INSTRUCTIONS, classifyRequest } from '../core/classify';
import { buildEditPrompt, buildGenerationPrompt } from '../core/prompts';
import { createProvider } from './index';
import { NO_EDIT_IMAGES_TEXT, OPENAI_TEXTS } from './messages';
import type { ImageData } from './types';

afterEach(() => {
  vi.restoreAllMocks();
});

let fake: FakeOpenAI;
const jpeg: ImageData = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mimeType: 'image/jpeg' };
const png = (): ImageData => ({ bytes: fake.png, mimeType: 'image/png' });

/** Fast back-off and a short timeout through the settings, so retries and stalls take milliseconds. */
const openai = (env: Record<string, string> = {}, key: string | null = 'sk-test') =>
  createProvider(
    'openai',
    { OPENAI_API_KEY: key ?? undefined },
    {
      OPENAI_BASE_URL: fake.url,
      PROVIDER_RETRY_INITIAL_MS: '1',
      PROVIDER_RETRY_MAX_MS: '4',
      PROVIDER_TIMEOUT_MS: '5000',
      ...env,
    },
  );
const generation = { prompt: 'A cat astronaut', references: [], peopleNames: [], people: [] };
/** Text fields of a multipart request; form encoding turns line breaks into CRLF, as browsers do. */
const fields = (index: number) =>
  Object.fromEntries(
    fake.requests[index]?.parts
      .filter((p) => p.value !== undefined)
      .map((p) => [p.name, p.value?.replace(/\r\n/g, '\n')]) ?? [],
  );
const files = (index: number) =>
  fake.requests[index]?.parts
    .filter((p) => p.bytes)
    .map((p) => ({ name: p.name, filename: p.filename, type: p.type }));

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('openai generation', () => {
  it('calls images-generate with the spec parameters and a 16:9 size for gpt-image-2', async () => {
    const result = await openai().generate(generation);

    expect(result).toEqual({
      type: 'image',
      image: { bytes: fake.png, mimeType: 'image/png' },
      model: 'gpt-image-2',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/images/generations' });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]?.body).toEqual({
      model: 'gpt-image-2',
      prompt: buildGenerationPrompt({ request: 'A cat astronaut', peopleNames: [], referenceCount: 0 }),
      n: 1,
      size: '1536x864',
      quality: 'high',
      background: 'auto',
      output_format: 'png',
      output_compression: 100,
    });
  });

  it('asks older models for the size they know', async () => {
    await openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1' }).generate(generation);
    expect(fake.requests[0]?.body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024' });
  });

  it('sends references and people through images-edit as a list of files', async () => {
    const result = await openai().generate({
      ...generation,
      references: [jpeg],
      peopleNames: ['Ada'],
      people: [png()],
    });

    expect(result.type).toBe('image');
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    expect(fields(0)).toEqual({
      model: 'gpt-image-2',
      prompt: buildGenerationPrompt({ request: 'A cat astronaut', peopleNames: ['Ada'], referenceCount: 1 }),
      n: '1',
      size: '1536x864',
      quality: 'high',
      background: 'auto',
      output_format: 'png',
      output_compression: '100',
    });
    expect(files(0)).toEqual([
      { name: 'image[]', filename: 'image-1.jpg', type: 'image/jpeg' },
      { name: 'image[]', filename: 'image-2.png', type: 'image/png' },
    ]);
    expect(fake.requests[0]?.parts.find((p) => p.filename === 'image-2.png')?.bytes).toEqual(fake.png);
  });
});

describe('openai edit', () => {
  it('sends one source image alone', async () => {
    const result = await openai().edit({
      prompt: 'Make it brighter',
      images: [png()],
      peopleNames: [],
      people: [],
    });

    expect(result.type).toBe('image');
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    expect(files(0)).toEqual([{ name: 'image', filename: 'image-1.png', type: 'image/png' }]);
    expect(fields(0)).toMatchObject({
      prompt: buildEditPrompt({ request: 'Make it brighter', peopleNames: [], imageCount: 1 }),
      n: '1',
      size: '1536x864',
      quality: 'high',
      background: 'auto',
      output_format: 'png',
      output_compression: '100',
    });
  });

  it('sends several images as a list, people last, with the people note in the prompt', async () => {
    await openai().edit({
      prompt: 'Put us in it',
      images: [jpeg, png()],
      peopleNames: ['Ada', 'Bob'],
      people: [png()],
    });

    expect(files(0)?.map((f) => `${f.name} ${f.filename}`)).toEqual([
      'image[] image-1.jpg',
      'image[] image-2.png',
      'image[] image-3.png',
    ]);
    expect(fields(0).prompt).toBe(
      buildEditPrompt({ request: 'Put us in it', peopleNames: ['Ada', 'Bob'], imageCount: 2 }),
    );
    expect(fields(0).prompt).toContain('prominently featured: Ada and Bob');
  });

  it('answers the no-usable-images text without calling the API', async () => {
    expect(await openai().edit({ prompt: 'x', images: [], peopleNames: [], people: [] })).toEqual({
      type: 'error',
      content: NO_EDIT_IMAGES_TEXT,
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai classifier', () => {
  it('sends the system message, the history and the new message at temperature 0 and 10 tokens', async () => {
    fake.classifyAnswer('IMAGE_EDIT');
    const history = [
      { role: 'user' as const, text: 'A red car', hasImages: false },
      { role: 'assistant' as const, text: '[image: A red car]', hasImages: true },
    ];

    expect(await classifyRequest(history, 'make it blue', openai())).toBe('IMAGE_EDIT');
    expect(fake.requests[0]?.path).toBe('/v1/chat/completions');
    expect(fake.requests[0]?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: CLASSIFIER_INSTRUCTIONS },
        { role: 'user', content: 'A red car' },
        { role: 'assistant', content: '[image: A red car]\n[This message has an image.]' },
        { role: 'user', content: 'make it blue' },
      ],
      temperature: 0,
      max_tokens: 10,
    });
  });

  it('uses the classifier model setting, and fails without a key (which classifyRequest reads as NEW_IMAGE)', async () => {
    await openai({ OPENAI_CLASSIFIER_MODEL: 'gpt-4.1-mini' }).classify([], 'x');
    expect(fake.requests[0]?.body).toMatchObject({ model: 'gpt-4.1-mini' });

    await expect(openai({}, null).classify([], 'x')).rejects.toThrow(/OPENAI_API_KEY/);
    expect(await classifyRequest([], 'x', openai({}, null))).toBe('NEW_IMAGE');
  });
});

describe('openai errors', () => {
  const edit = { prompt: 'x', images: [jpeg], peopleNames: [], people: [] };

  it('names OPENAI_API_KEY when the key is missing, without calling the API', async () => {
    expect(await openai({}, null).generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.missingKey,
    });
    expect(await openai({}, '  ').edit(edit)).toEqual({
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
    expect(await openai().generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.missingKey,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('maps a moderation refusal to the content-policy texts, without retrying', async () => {
    fake.mode('refuse');
    expect(await openai().generate(generation)).toEqual({
      type: 'error',
      content:
        "I can't generate that image as it violates OpenAI's content policy. Please try a different prompt.",
    });
    expect(await openai().edit(edit)).toEqual({
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
    expect(await openai().generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.policy,
    });
  });

  it('gives the other texts for an answer with no image and for errors that outlast the retries', async () => {
    fake.mode('no-image');
    expect(await openai().generate(generation)).toEqual({
      type: 'error',
      content: "I'm having trouble generating the image right now. Please try again in a moment.",
    });
    fake.reset();
    fake.failNext(3, 500);
    expect(await openai().edit(edit)).toEqual({
      type: 'error',
      content: "I'm having trouble editing the image right now. Please try again in a moment.",
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('gives the image-fetch text when a source image is not one the API takes', async () => {
    const gif = { bytes: new Uint8Array([0x47, 0x49, 0x46]), mimeType: 'image/gif' };
    expect(await openai().edit({ ...edit, images: [gif] })).toEqual({
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
    expect((await openai().generate(generation)).type).toBe('image');
    expect(fake.requests.map((r) => r.path)).toEqual(Array(3).fill('/v1/images/generations'));
  });

  it('retries a 429 after its retry-after, and the multipart body is sent whole again', async () => {
    fake.failNext(1, 429, { headers: { 'retry-after': '0' } });
    expect((await openai().edit({ prompt: 'x', images: [jpeg], peopleNames: [], people: [] })).type).toBe(
      'image',
    );
    expect(fake.requests).toHaveLength(2);
    expect(files(1)).toEqual(files(0));
  });

  it('does not retry a client error', async () => {
    fake.failNext(1, 400, { body: openAIError('Invalid size', 'invalid_request_error') });
    expect(await openai().generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.other,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a stalled call at the timeout, retried, with the other text', async () => {
    fake.mode('stall');
    const provider = openai({ PROVIDER_TIMEOUT_MS: '150', PROVIDER_MAX_RETRIES: '1' });
    expect(await provider.generate(generation)).toEqual({
      type: 'error',
      content: OPENAI_TEXTS.generate.other,
    });
    expect(fake.requests).toHaveLength(2);
  });
});
