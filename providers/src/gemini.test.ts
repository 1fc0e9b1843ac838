import { GEMINI_TEXTS } from '@thumbnail-studio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGemini, googleError, INVALID_KEY, startFakeGemini } from '../../tests/fakes/gemini-server';
import { generation, jpegOf, personWith, providerAgainst } from '../../tests/support/providers';
import { CLASSIFIER_INSTRUCTIONS, classifyRequest } from './classify';
import { GEMINI_PEOPLE_PHOTOS, nearestAspectRatio } from './gemini';
import { buildEditPrompt, buildGenerationPrompt, buildRegionEditPrompt } from './prompts';
import type { ImageData } from './types';

let fake: FakeGemini;
const jpeg = jpegOf(9, 8, 7);
const b64 = (image: ImageData) => Buffer.from(image.bytes).toString('base64');

const gemini = providerAgainst('gemini', () => fake.url);

const edit = { prompt: 'Make it brighter', images: [jpeg], people: [] };
const body = (index: number) => fake.requests[index]?.body as Record<string, unknown>;

beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('gemini generation and edit', () => {
  it('sends the instruction plus inline images, asks for 16:9, and reads the first inlineData part', async () => {
    const person: ImageData = { bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' };
    const result = await (await gemini()).generate({
      ...generation,
      references: [jpeg],
      people: [{ name: 'Ada', photos: [person] }],
    });

    expect(result).toEqual({
      type: 'image',
      image: { bytes: fake.png, mimeType: 'image/png' },
      model: 'gemini-3.1-flash-image',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-3.1-flash-image:generateContent');
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('AIza-test');
    expect(body(0)).toEqual({
      contents: [
        {
          role: 'user',
          parts: [
            {
              text: buildGenerationPrompt({
                request: 'A cat astronaut',
                people: [{ name: 'Ada', imageNumbers: [2] }],
                referenceCount: 1,
              }),
            },
            { inlineData: { mimeType: 'image/jpeg', data: b64(jpeg) } },
            { inlineData: { mimeType: 'image/png', data: b64(person) } },
          ],
        },
      ],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '16:9' } },
    });
  });

  it('edits with the edit prompt, the people note and the image model setting', async () => {
    const result = await (await gemini({ GEMINI_IMAGE_MODEL: 'gemini-9-image' })).edit({
      ...edit,
      people: [{ name: 'Bob', photos: [] }],
    });

    expect(result).toMatchObject({ type: 'image', model: 'gemini-9-image' });
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-9-image:generateContent');
    const [content] = body(0).contents as { parts: { text?: string }[] }[];
    expect(content?.parts[0]?.text).toBe(
      buildEditPrompt({
        request: 'Make it brighter',
        people: [{ name: 'Bob', imageNumbers: [] }],
        imageCount: 1,
      }),
    );
    expect(content?.parts[0]?.text).toContain('prominently featured: Bob');
    expect(content?.parts).toHaveLength(2);
  });
});

describe('gemini with people', () => {
  const inline = (image: ImageData) => ({ inlineData: { mimeType: image.mimeType, data: b64(image) } });
  const parts = (index: number) =>
    (body(index).contents as { parts: { text?: string; inlineData?: unknown }[] }[])[0]?.parts ?? [];

  it('sends at most 3 people photos in all, every primary first, after the source images', async () => {
    const ada = personWith('Ada', 3, 1);
    const bob = personWith('Bob', 3, 2);
    const result = await (await gemini()).edit({ ...edit, images: [jpeg], people: [ada, bob] });

    expect(result.type).toBe('image');
    expect(GEMINI_PEOPLE_PHOTOS).toBe(3);
    const sent = [jpeg, ada.photos[0], bob.photos[0], ada.photos[1]] as ImageData[];
    expect(parts(0).slice(1)).toEqual(sent.map(inline));
    const text = parts(0)[0]?.text ?? '';
    expect(text).toBe(
      buildEditPrompt({
        request: 'Make it brighter',
        people: [
          { name: 'Ada', imageNumbers: [2, 4] },
          { name: 'Bob', imageNumbers: [3] },
        ],
        imageCount: 1,
      }),
    );
    expect(text).toContain('Images 2 and 4 show Ada');
    expect(text).toContain('Image 3 shows Bob');
    expect(text.indexOf('show Ada')).toBeLessThan(text.indexOf('Make it brighter'));
  });

  it('gives four people one photo each up to the limit, in the order chosen', async () => {
    const crowd = Array.from({ length: 4 }, (_, i) => personWith(`P${i}`, 2, 10 + i));
    await (await gemini()).generate({ ...generation, people: crowd });

    expect(parts(0).slice(1)).toEqual(
      crowd.slice(0, 3).map((person) => inline(person.photos[0] as ImageData)),
    );
    expect(parts(0)[0]?.text).toContain('P3 has no attached photo');
    expect(parts(0)[0]?.text).toContain('prominently featured: P0, P1, P2 and P3.');
  });

  it("sends all of one person's photos, up to 3, primary first", async () => {
    const ada = personWith('Ada', 3, 1);
    await (await gemini()).generate({ ...generation, references: [jpeg], people: [ada] });
    expect(parts(0).slice(1)).toEqual([jpeg, ...ada.photos].map(inline));
    expect(parts(0)[0]?.text).toContain('Images 2–4 show Ada');
  });
});

describe('gemini classifier', () => {
  it('sends the rules as system instruction, the history as turns, temperature 0 and 10 tokens', async () => {
    fake.classifyAnswer(' image_edit\n');
    const history = [
      { role: 'user' as const, text: 'A red car', hasImages: false },
      { role: 'assistant' as const, text: '[image: A red car]', hasImages: true },
    ];

    expect(await classifyRequest(history, 'make it blue', await gemini())).toBe('IMAGE_EDIT');
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash-lite:generateContent');
    expect(body(0)).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'A red car' }] },
        { role: 'model', parts: [{ text: '[image: A red car]\n[This message has an image.]' }] },
        { role: 'user', parts: [{ text: 'make it blue' }] },
      ],
      systemInstruction: { role: 'user', parts: [{ text: CLASSIFIER_INSTRUCTIONS }] },
      generationConfig: { temperature: 0, maxOutputTokens: 10 },
    });
  });

  it('uses the classifier model setting and throws without a key', async () => {
    await (await gemini({ GEMINI_CLASSIFIER_MODEL: 'gemini-fast' })).classify([], 'x');
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-fast:generateContent');
    await expect((await gemini({}, null)).classify([], 'x')).rejects.toThrow(/GEMINI_API_KEY/);
  });
});

describe('gemini errors', () => {
  it('says the key is not configured, without calling the API', async () => {
    const content = 'Gemini API key not configured. Please add GEMINI_API_KEY to your environment variables.';
    expect(await (await gemini({}, null)).generate(generation)).toEqual({ type: 'error', content });
    expect(await (await gemini({}, '')).edit(edit)).toEqual({ type: 'error', content });
    expect(fake.requests).toHaveLength(0);
  });

  it('gives the key texts when the error mentions the API key', async () => {
    fake.failNext(2, 400, { body: INVALID_KEY });
    expect(await (await gemini()).generate(generation)).toEqual({
      type: 'error',
      content:
        'I need a Gemini API key to generate images. Please add your GEMINI_API_KEY to your environment variables.',
    });
    expect(await (await gemini()).edit(edit)).toEqual({
      type: 'error',
      content:
        'I need a Gemini API key to edit images. Please add your GEMINI_API_KEY to your environment variables.',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it.each(['refuse', 'refuse-finish'] as const)(
    'gives the policy texts when the answer is blocked (%s)',
    async (mode) => {
      fake.mode(mode);
      expect(await (await gemini()).generate(generation)).toEqual({
        type: 'error',
        content:
          "I can't generate that image as it may violate content policies. Please try a different prompt.",
      });
      expect(await (await gemini()).edit(edit)).toEqual({
        type: 'error',
        content:
          "I can't edit the image with that prompt as it may violate content policies. Please try a different prompt.",
      });
    },
  );

  it('gives the policy text when an error speaks of safety', async () => {
    fake.failNext(1, 400, {
      body: googleError(400, 'The request was blocked by safety filters.', 'INVALID_ARGUMENT'),
    });
    expect(await (await gemini()).generate(generation)).toEqual({
      type: 'error',
      content: GEMINI_TEXTS.generate.policy,
    });
  });

  it('gives the no-image texts when no part holds an image', async () => {
    fake.mode('no-image');
    expect(await (await gemini()).generate(generation)).toEqual({
      type: 'error',
      content: 'No image was generated. Please try again with a different prompt.',
    });
    expect(await (await gemini()).edit(edit)).toEqual({
      type: 'error',
      content: 'No edited image was generated. Please try again with a different prompt.',
    });
  });

  it("gives 'Error generating image: {message}' with the API's own message once retries are spent", async () => {
    fake.failNext(3, 500);
    expect(await (await gemini()).generate(generation)).toEqual({
      type: 'error',
      content: 'Error generating image: Internal error encountered.',
    });
    expect(fake.requests).toHaveLength(3);
    fake.failNext(1, 404, { body: googleError(404, 'models/nope is not found.', 'NOT_FOUND') });
    expect(await (await gemini()).edit(edit)).toEqual({
      type: 'error',
      content: 'Error editing image: models/nope is not found.',
    });
    expect(fake.requests).toHaveLength(4);
  });
});

describe('gemini retries and timeouts', () => {
  it('retries 500 and 429 (after retry-after) and then succeeds', async () => {
    fake.failNext(1, 500);
    fake.failNext(1, 429, { headers: { 'retry-after': '0' } });
    expect((await (await gemini()).generate(generation)).type).toBe('image');
    expect(fake.requests).toHaveLength(3);
  });

  it('ends the call at once on a 429 whose retry-after it cannot wait out, with its text and how long to wait', async () => {
    fake.failNext(1, 429, {
      headers: { 'retry-after': '90' },
      body: googleError(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED'),
    });
    expect(await (await gemini()).edit(edit)).toEqual({
      type: 'error',
      content: 'Error editing image: Resource has been exhausted (e.g. check quota).',
      retryAfterMs: 90_000,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a stalled call at the timeout with the other text', async () => {
    fake.mode('stall');
    const result = await (await gemini({ PROVIDER_TIMEOUT_MS: '150', PROVIDER_MAX_RETRIES: '1' })).generate(
      generation,
    );
    expect(result.type === 'error' && result.content).toMatch(/^Error generating image: \S/);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('gemini region edit', () => {
  const crop = jpegOf(5, 5, 5);
  const region = {
    mask: jpegOf(1),
    editMask: jpegOf(2),
    crop: { box: { x: 400, y: 100, width: 300, height: 200 }, image: crop },
  };
  const parts = (index: number) =>
    (body(index).contents as { parts: { text?: string; inlineData?: { data: string } }[] }[])[0]?.parts ?? [];

  it('sends the crop in place of the source, then the other images and the people, worded for a crop', async () => {
    const reference = jpegOf(6);
    const ada = personWith('Ada', 1, 1);
    const result = await (await gemini()).edit({ ...edit, images: [jpeg, reference], people: [ada], region });

    expect(result).toMatchObject({ type: 'image', placedAt: region.crop.box });
    const sent = parts(0)
      .slice(1)
      .map((part) => part.inlineData?.data);
    expect(sent).toEqual([crop, reference, ada.photos[0] as ImageData].map(b64));
    expect(parts(0)[0]?.text).toBe(
      buildRegionEditPrompt({
        request: 'Make it brighter',
        people: [{ name: 'Ada', imageNumbers: [3] }],
        imageCount: 2,
        form: 'crop',
      }),
    );
    // The crop is drawn in the drawable ratio closest to its box's (300x200: 3:2).
    expect(body(0).generationConfig).toMatchObject({ imageConfig: { aspectRatio: '3:2' } });
  });

  it('asks for the drawable aspect ratio closest to the box', () => {
    expect(nearestAspectRatio({ x: 0, y: 0, width: 1280, height: 720 })).toBe('16:9');
    expect(nearestAspectRatio({ x: 0, y: 0, width: 100, height: 100 })).toBe('1:1');
    expect(nearestAspectRatio({ x: 0, y: 0, width: 90, height: 170 })).toBe('9:16');
    expect(nearestAspectRatio({ x: 0, y: 0, width: 1000, height: 400 })).toBe('21:9');
  });
});
