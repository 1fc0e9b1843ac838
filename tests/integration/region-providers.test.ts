import { type PixelBox, regionCropBox } from '@thumbnail-studio/contract';
import type { GenerationResult, ImageData, RegionRequest } from '@thumbnail-studio/providers';
import { REGION_RULES } from '@thumbnail-studio/providers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../../functions/src/image-providers/local';
import { type FakeGemini, startFakeGemini } from '../fakes/gemini-server';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server';
import { providerAgainst } from '../support/providers';

/**
 * Each provider sent a region edit in its own form, through the real SDKs against the fakes:
 * OpenAI the whole image with its mask (a PNG with alpha, the image's size, transparent where to
 * change), Gemini the crop around the area (its answer placed back in the crop's box), and the
 * offline studio changing the painted area by the request's words.
 */

const W = 640;
const H = 360;
/** The painted area: a rectangle in the right half. */
const PAINTED: PixelBox = { x: 400, y: 100, width: 120, height: 90 };
const inPainted = (x: number, y: number) =>
  x >= PAINTED.x && x < PAINTED.x + PAINTED.width && y >= PAINTED.y && y < PAINTED.y + PAINTED.height;

const png = (bytes: Buffer): ImageData => ({ bytes: new Uint8Array(bytes), mimeType: 'image/png' });

/** A source with detail: a diagonal colour ramp. */
async function source(): Promise<ImageData> {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data.set([(x * 255) / W, (y * 255) / H, 128], (y * W + x) * 3);
  return png(
    await sharp(data, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** An RGBA PNG of the given size whose alpha is `alpha(x, y)`. */
async function alphaPng(width: number, height: number, alpha: (x: number, y: number) => number) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([255, 255, 255, alpha(x, y)], (y * width + x) * 4);
  return png(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** The region request a caller prepares for PAINTED on `image`, as the contract describes it. */
async function regionOf(image: ImageData, size = { width: W, height: H }): Promise<RegionRequest> {
  const box = regionCropBox(PAINTED, { width: W, height: H });
  const crop = await sharp(image.bytes)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .png()
    .toBuffer();
  return {
    mask: await alphaPng(W, H, (x, y) => (inPainted(x, y) ? 255 : 0)),
    editMask: await alphaPng(size.width, size.height, (x, y) => (inPainted(x, y) ? 0 : 255)),
    crop: { box, image: png(crop) },
  };
}

const edit = (prompt: string, image: ImageData, region: RegionRequest) => ({
  prompt,
  images: [image],
  people: [],
  region,
});

const imageOf = (result: GenerationResult) => {
  if (result.type !== 'image') throw new Error(`expected an image, got ${result.content}`);
  return result;
};

let openaiFake: FakeOpenAI;
let geminiFake: FakeGemini;
const openai = providerAgainst('openai', () => openaiFake.url);
const gemini = providerAgainst('gemini', () => geminiFake.url);

beforeAll(async () => {
  [openaiFake, geminiFake] = await Promise.all([startFakeOpenAI(), startFakeGemini()]);
});
afterAll(() => Promise.all([openaiFake.stop(), geminiFake.stop()]));
beforeEach(() => {
  openaiFake.reset();
  geminiFake.reset();
});

describe('OpenAI, sent the image with its mask', () => {
  it('sends a PNG mask with alpha the image size, transparent exactly in the painted area, beside the image', async () => {
    const image = await source();
    const result = await (await openai()).edit(edit('make his shirt red', image, await regionOf(image)));

    expect(imageOf(result).placedAt).toBeUndefined();
    const request = openaiFake.requests[0];
    expect(request?.path).toBe('/v1/images/edits');
    expect(request?.parts.find((p) => p.name === 'image')?.bytes).toEqual(image.bytes);
    const prompt = request?.parts.find((p) => p.name === 'prompt')?.value?.replace(/\r\n/g, '\n');
    expect(prompt).toContain(REGION_RULES.mask);
    expect(prompt).toContain('make his shirt red');

    expect(openaiFake.masks).toHaveLength(1);
    const mask = openaiFake.masks[0];
    expect(mask).toMatchObject({
      format: 'png',
      hasAlpha: true,
      width: W,
      height: H,
      image: { width: W, height: H },
    });
    const alpha = await sharp(mask?.bytes).extractChannel(3).raw().toBuffer();
    const wrong = [...alpha].filter((value, i) =>
      inPainted(i % W, Math.floor(i / W)) ? value !== 0 : value !== 255,
    );
    expect(wrong).toHaveLength(0);
  });

  it('is refused, as OpenAI refuses it, a mask of another size than the image', async () => {
    const image = await source();
    const region = await regionOf(image, { width: W / 2, height: H / 2 });
    const result = await (await openai()).edit(edit('make his shirt red', image, region));

    expect(result.type).toBe('error');
    expect(openaiFake.masks[0]).toMatchObject({
      width: W / 2,
      height: H / 2,
      image: { width: W, height: H },
    });
  });

  it('is refused a mask with no alpha channel, or one that is not a PNG', async () => {
    const image = await source();
    const region = await regionOf(image);
    const opaque = png(await sharp(region.editMask.bytes).removeAlpha().png().toBuffer());
    const jpeg = {
      bytes: new Uint8Array(await sharp(region.editMask.bytes).jpeg().toBuffer()),
      mimeType: 'image/png',
    };
    for (const editMask of [opaque, jpeg]) {
      const result = await (await openai()).edit(edit('blur it', image, { ...region, editMask }));
      expect(result.type).toBe('error');
    }
    expect(openaiFake.masks.map((mask) => [mask.format, mask.hasAlpha])).toEqual([
      ['png', false],
      ['jpeg', false],
    ]);
  });
});

describe('Gemini, sent the crop', () => {
  it('sends the cut-out around the painted area, and its answer is placed back in the crop box', async () => {
    const image = await source();
    const region = await regionOf(image);
    const result = imageOf(await (await gemini()).edit(edit('add a cat', image, region)));

    expect(result.placedAt).toEqual(region.crop.box);
    const [sent, ...others] = geminiFake.sentImages[0] ?? [];
    expect(others).toHaveLength(0);
    const size = await sharp(sent).metadata();
    expect({ width: size.width, height: size.height }).toEqual({
      width: region.crop.box.width,
      height: region.crop.box.height,
    });
    expect(region.crop.box.width).toBeLessThan(W);
    expect(Buffer.from(sent ?? []).equals(Buffer.from(region.crop.image.bytes))).toBe(true);
    expect(JSON.stringify(geminiFake.requests[0]?.body)).toContain('Image 1 is a crop of a larger picture');
  });

  it('an edit without a region still sends the whole image, answered unplaced', async () => {
    const image = await source();
    const result = imageOf(await (await gemini()).edit({ prompt: 'brighter', images: [image], people: [] }));
    expect(result.placedAt).toBeUndefined();
    expect(Buffer.from(geminiFake.sentImages[0]?.[0] ?? []).equals(Buffer.from(image.bytes))).toBe(true);
  });
});

describe('the offline studio, changing the painted area by the words', () => {
  const local = createLocalProvider();

  /** Share of the painted area's pixels that changed, and how many outside it did. */
  async function changes(prompt: string) {
    const image = await source();
    const result = imageOf(await local.edit(edit(prompt, image, await regionOf(image))));
    const [before, after] = await Promise.all(
      [image.bytes, result.image.bytes].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()),
    );
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < W * H; i++) {
      const differs = [0, 1, 2].some((k) => before?.[i * 3 + k] !== after?.[i * 3 + k]);
      if (differs && inPainted(i % W, Math.floor(i / W))) inside++;
      else if (differs) outside++;
    }
    return { inside: inside / (PAINTED.width * PAINTED.height), outside, after: after ?? Buffer.alloc(0) };
  }

  // A placed subject covers the emoji's shape only: a share of the area, not all of it.
  it.each([
    ['make his shirt red', 0.9],
    ['blur the face', 0.3],
    ['remove the logo', 0.9],
    ['add a cat', 0.15],
    ['replace the sky with a storm', 0.9],
  ])(
    '"%s" changes the painted area (at least %s of it) and leaves every other pixel',
    async (prompt, share) => {
      const { inside, outside } = await changes(prompt);
      expect(outside).toBe(0);
      expect(inside).toBeGreaterThan(share);
    },
  );

  it('recolours the area the colour named', async () => {
    const { after } = await changes('make his shirt red');
    let [r, g] = [0, 0];
    for (let i = 0; i < W * H; i++)
      if (inPainted(i % W, Math.floor(i / W))) {
        r += after[i * 3] ?? 0;
        g += after[i * 3 + 1] ?? 0;
      }
    expect(r).toBeGreaterThan(g * 1.5);
  });
});
