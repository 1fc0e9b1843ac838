import { NO_EDIT_IMAGES_TEXT } from '@thumbnail-studio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileParts } from '../../../tests/fakes/fake-http';
import { type FakeOpenAI, startFakeOpenAI } from '../../../tests/fakes/openai-server';
import { generation, jpegOf, providerAgainst } from '../../../tests/support/providers';
import { CLASSIFIER_INSTRUCTIONS, classifyRequest } from '../core/classify';
import { buildEditPrompt, buildGenerationPrompt } from '../core/prompts';
import type { ImageData } from './types';

let fake: FakeOpenAI;
const jpeg = jpegOf(1, 2, 3);
const png = (): ImageData => ({ bytes: fake.png, mimeType: 'image/png' });

const openai = providerAgainst('openai', () => fake.url);

/** Text fields of a multipart request; form encoding turns line breaks into CRLF, as browsers do. */
const fields = (index: number) =>
  Object.fromEntries(
    fake.requests[index]?.parts
      .filter((p) => p.value !== undefined)
      .map((p) => [p.name, p.value?.replace(/\r\n/g, '\n')]) ?? [],
  );
const files = (index: number) => fileParts(fake.requests[index]);

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('openai generation', () => {
  it('calls images-generate with the shared image parameters and a 16:9 size for gpt-image-2', async () => {
    const result = await (await openai()).generate(generation);

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
    await (await openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1' })).generate(generation);
    expect(fake.requests[0]?.body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024' });
  });

  it('sends references and people through images-edit as a list of files', async () => {
    const result = await (await openai()).generate({
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
    const result = await (await openai()).edit({
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
    await (await openai()).edit({
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
    expect(await (await openai()).edit({ prompt: 'x', images: [], peopleNames: [], people: [] })).toEqual({
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

    expect(await classifyRequest(history, 'make it blue', await openai())).toBe('IMAGE_EDIT');
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
    await (await openai({ OPENAI_CLASSIFIER_MODEL: 'gpt-4.1-mini' })).classify([], 'x');
    expect(fake.requests[0]?.body).toMatchObject({ model: 'gpt-4.1-mini' });

    await expect((await openai({}, null)).classify([], 'x')).rejects.toThrow(/OPENAI_API_KEY/);
    expect(await classifyRequest([], 'x', await openai({}, null))).toBe('NEW_IMAGE');
  });
});
