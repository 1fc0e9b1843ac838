import { NO_EDIT_IMAGES_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileParts } from '../../tests/fakes/fake-http';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/fakes/openai-server';
import { generation, jpegOf, personWith, providerAgainst } from '../../tests/support/providers';
import { CLASSIFIER_INSTRUCTIONS, classifyRequest } from './classify';
import { acceptsInputFidelity, OPENAI_PEOPLE_PHOTOS } from './openai';
import { buildEditPrompt, buildGenerationPrompt, buildRegionEditPrompt } from './prompts';
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
/** The bytes of every image file of a request, in the order sent. */
const sentImages = (index: number) =>
  fake.requests[index]?.parts.filter((p) => p.bytes).map((p) => Buffer.from(p.bytes ?? []).toString('hex'));
const hex = (image: ImageData) => Buffer.from(image.bytes).toString('hex');

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('openai generation', () => {
  it('calls images-generate with the shared image parameters and the thumbnail size itself, 1280x720, for gpt-image-2', async () => {
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
      prompt: buildGenerationPrompt({ request: 'A cat astronaut', people: [], referenceCount: 0 }),
      n: 1,
      size: '1280x720',
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
      people: [{ name: 'Ada', photos: [png()] }],
    });

    expect(result.type).toBe('image');
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    expect(fields(0)).toEqual({
      model: 'gpt-image-2',
      prompt: buildGenerationPrompt({
        request: 'A cat astronaut',
        people: [{ name: 'Ada', imageNumbers: [2] }],
        referenceCount: 1,
      }),
      n: '1',
      size: '1280x720',
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
      people: [],
    });

    expect(result.type).toBe('image');
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    expect(files(0)).toEqual([{ name: 'image', filename: 'image-1.png', type: 'image/png' }]);
    expect(fields(0)).toMatchObject({
      prompt: buildEditPrompt({ request: 'Make it brighter', people: [], imageCount: 1 }),
      n: '1',
      size: '1280x720',
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
      people: [
        { name: 'Ada', photos: [png()] },
        { name: 'Bob', photos: [] },
      ],
    });

    expect(files(0)?.map((f) => `${f.name} ${f.filename}`)).toEqual([
      'image[] image-1.jpg',
      'image[] image-2.png',
      'image[] image-3.png',
    ]);
    expect(fields(0).prompt).toBe(
      buildEditPrompt({
        request: 'Put us in it',
        people: [
          { name: 'Ada', imageNumbers: [3] },
          { name: 'Bob', imageNumbers: [] },
        ],
        imageCount: 2,
      }),
    );
    expect(fields(0).prompt).toContain('prominently featured: Ada and Bob');
    expect(fields(0).prompt).toContain('Image 3 shows Ada');
  });

  it('answers the no-usable-images text without calling the API', async () => {
    expect(await (await openai()).edit({ prompt: 'x', images: [], people: [] })).toEqual({
      type: 'error',
      content: NO_EDIT_IMAGES_TEXT,
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai with people', () => {
  const ada = personWith('Ada', 2, 1);
  const bob = personWith('Bob', 3, 2);

  it('edits with the people photos after the source images, asking gpt-image-1 for high input fidelity', async () => {
    const sources = [jpeg, png()];
    const result = await (await openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1' })).edit({
      prompt: 'Put us on a stage',
      images: sources,
      people: [ada, bob],
    });

    expect(result.type).toBe('image');
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    // Primary photos first (Ada's, then Bob's), then each one's next photo in turn.
    const people = [ada.photos[0], bob.photos[0], ada.photos[1], bob.photos[1], bob.photos[2]] as ImageData[];
    expect(sentImages(0)).toEqual([...sources, ...people].map(hex));
    expect(files(0)?.every((f) => f.name === 'image[]')).toBe(true);
    expect(fields(0)).toMatchObject({ model: 'gpt-image-1', input_fidelity: 'high', size: '1536x1024' });
    const prompt = fields(0).prompt ?? '';
    expect(prompt).toBe(
      buildEditPrompt({
        request: 'Put us on a stage',
        people: [
          { name: 'Ada', imageNumbers: [3, 5] },
          { name: 'Bob', imageNumbers: [4, 6, 7] },
        ],
        imageCount: 2,
      }),
    );
    expect(prompt).toContain('Images 3 and 5 show Ada');
    expect(prompt).toContain('Images 4 and 6–7 show Bob');
    expect(prompt.indexOf('show Ada')).toBeLessThan(prompt.indexOf('Put us on a stage'));
  });

  it('sends a new image with people to images-edit, the people photos its inputs', async () => {
    const result = await (await openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1.5' })).generate({
      ...generation,
      people: [ada],
    });

    expect(result.type).toBe('image');
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/images/edits']);
    expect(sentImages(0)).toEqual(ada.photos.map(hex));
    expect(files(0)?.map((f) => f.name)).toEqual(['image[]', 'image[]']);
    expect(fields(0)).toMatchObject({
      model: 'gpt-image-1.5',
      input_fidelity: 'high',
      prompt: buildGenerationPrompt({
        request: 'A cat astronaut',
        people: [{ name: 'Ada', imageNumbers: [1, 2] }],
        referenceCount: 0,
      }),
    });
    expect(fields(0).prompt).toContain('Images 1–2 show Ada');
  });

  it('sends one primary photo alone as the only input of a new image', async () => {
    await (await openai()).generate({ ...generation, people: [personWith('Cy', 1, 3)] });
    expect(fake.requests[0]?.path).toBe('/v1/images/edits');
    expect(files(0)).toEqual([{ name: 'image', filename: 'image-1.jpg', type: 'image/jpeg' }]);
  });

  it('leaves input_fidelity out for models that refuse it, and without people', async () => {
    for (const model of ['gpt-image-2', 'gpt-image-1-mini']) {
      fake.reset();
      await (await openai({ OPENAI_IMAGE_MODEL: model })).edit({
        prompt: 'Add Ada',
        images: [jpeg],
        people: [ada],
      });
      expect(fields(0)).toMatchObject({ model });
      expect(fields(0)).not.toHaveProperty('input_fidelity');
      expect(sentImages(0)).toHaveLength(3);
    }
    fake.reset();
    await (await openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1' })).edit({
      prompt: 'Brighter',
      images: [jpeg],
      people: [{ name: 'Nobody', photos: [] }],
    });
    expect(fields(0)).not.toHaveProperty('input_fidelity');
    expect(fields(0).prompt).toContain('Nobody has no attached photo');
  });

  it('sends at most the people-photo limit, every primary first', async () => {
    const crowd = Array.from({ length: 4 }, (_, i) => personWith(`P${i}`, 3, 10 + i));
    await (await openai()).edit({ prompt: 'Group shot', images: [jpeg], people: crowd });

    const sent = sentImages(0) ?? [];
    expect(sent).toHaveLength(1 + OPENAI_PEOPLE_PHOTOS);
    expect(sent.slice(1, 5)).toEqual(crowd.map((person) => hex(person.photos[0] as ImageData)));
  });

  it('knows which models take input_fidelity', () => {
    expect(['gpt-image-1', 'gpt-image-1.5', 'gpt-image-1.5-2025-12-16'].map(acceptsInputFidelity)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['gpt-image-1-mini', 'gpt-image-2', 'dall-e-2'].map(acceptsInputFidelity)).toEqual([
      false,
      false,
      false,
    ]);
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

describe('openai region edit', () => {
  /** An RGBA PNG, 64x36 as the fake's image, transparent in its left half. */
  const editMask = async (): Promise<ImageData> => {
    const half = await sharp({ create: { width: 32, height: 36, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    const mask = await sharp({
      create: { width: 64, height: 36, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: half, left: 32, top: 0 }])
      .png()
      .toBuffer();
    return { bytes: new Uint8Array(mask), mimeType: 'image/png' };
  };

  it('sends the source first, its mask as `mask`, then the people photos, worded for the masked area', async () => {
    const ada = personWith('Ada', 1, 1);
    const mask = await editMask();
    const region = {
      mask,
      editMask: mask,
      crop: { box: { x: 0, y: 0, width: 32, height: 36 }, image: png() },
    };
    const result = await (await openai()).edit({
      prompt: 'Make it red',
      images: [png()],
      people: [ada],
      region,
    });

    expect(result).toMatchObject({ type: 'image' });
    expect(result).not.toHaveProperty('placedAt');
    // The images in their order (where the form puts the mask among its parts is the SDK's choice).
    expect(files(0)?.filter((file) => file.name === 'image[]')).toEqual([
      { name: 'image[]', filename: 'image-1.png', type: 'image/png' },
      { name: 'image[]', filename: 'image-2.jpg', type: 'image/jpeg' },
    ]);
    expect(files(0)?.filter((file) => file.name === 'mask')).toEqual([
      { name: 'mask', filename: 'mask.png', type: 'image/png' },
    ]);
    expect(fake.requests[0]?.parts.find((p) => p.name === 'mask')?.bytes).toEqual(mask.bytes);
    expect(fields(0).prompt).toBe(
      buildRegionEditPrompt({
        request: 'Make it red',
        people: [{ name: 'Ada', imageNumbers: [2] }],
        imageCount: 1,
        form: 'mask',
      }),
    );
    expect(fake.masks).toMatchObject([{ format: 'png', hasAlpha: true, width: 64, height: 36 }]);
  });
});
