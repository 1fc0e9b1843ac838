import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadEmojiKeywords } from './assets';
import { indexKeywords } from './keywords';
import { editRegion, parseRegionEdit } from './region';

const index = indexKeywords(await loadEmojiKeywords());
const W = 320;
const H = 180;
/** The painted square: x 100-179, y 50-129. */
const BOX = { left: 100, top: 50, width: 80, height: 80 };

/** A picture with detail: a horizontal grey ramp with a dark stripe through the painted square. */
async function picture() {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = y >= 85 && y < 95 ? 20 : 60 + Math.round((x / W) * 160);
      data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  const bytes = await sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return { bytes: new Uint8Array(bytes), mimeType: 'image/png' };
}

/** A mask the image's size, opaque over BOX, transparent elsewhere. */
async function mask() {
  const square = await sharp({
    create: { width: BOX.width, height: BOX.height, channels: 4, background: '#fff' },
  })
    .png()
    .toBuffer();
  const bytes = await sharp({
    create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: square, left: BOX.left, top: BOX.top }])
    .png()
    .toBuffer();
  return { bytes: new Uint8Array(bytes), mimeType: 'image/png' };
}

const raw = async (bytes: Uint8Array) => sharp(bytes).removeAlpha().raw().toBuffer();
const inBox = (i: number) => {
  const x = i % W;
  const y = Math.floor(i / W);
  return x >= BOX.left && x < BOX.left + BOX.width && y >= BOX.top && y < BOX.top + BOX.height;
};

/** Edits the picture; answers its pixels and the original's. */
async function edited(prompt: string) {
  const source = await picture();
  const out = await editRegion(prompt, source, await mask(), index);
  return { out: await raw(out), before: await raw(source.bytes), meta: await sharp(out).metadata() };
}

/** Pixels inside and outside the painted square that differ from the original. */
function differences(out: Buffer, before: Buffer) {
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < W * H; i++) {
    const differs = [0, 1, 2].some((k) => out[i * 3 + k] !== before[i * 3 + k]);
    if (differs && inBox(i)) inside++;
    else if (differs) outside++;
  }
  return { inside: inside / (BOX.width * BOX.height), outside };
}

/** The mean of each channel inside the painted square. */
function meanInBox(data: Buffer) {
  const sum = [0, 0, 0];
  for (let i = 0; i < W * H; i++)
    if (inBox(i)) for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (data[i * 3 + k] ?? 0);
  return sum.map((value) => value / (BOX.width * BOX.height));
}

describe('reading a region edit', () => {
  it('reads colour, blur, removal and a subject from the words', () => {
    expect(parseRegionEdit('make his shirt red', index)).toMatchObject({
      remove: false,
      blur: false,
      tint: '#cf1717',
    });
    expect(parseRegionEdit('blur the face', index)).toMatchObject({ blur: true, remove: false });
    expect(parseRegionEdit('remove the logo', index)).toMatchObject({ remove: true, blur: false });
    expect(parseRegionEdit('add a cat', index)).toMatchObject({ subject: '1f408', remove: false });
    expect(parseRegionEdit('replace the sky with a storm', index)).toMatchObject({
      remove: true,
      subject: '26c8',
    });
  });

  it('still changes the area when the words ask for nothing it knows, the same way each time', () => {
    const ops = parseRegionEdit('make it nicer', index);
    expect(ops.tint).toMatch(/^#[0-9a-f]{6}$/);
    expect(parseRegionEdit('make it nicer', index)).toEqual(ops);
  });
});

describe('a region edit of the offline studio', () => {
  it.each([
    'make his shirt red',
    'blur the face',
    'remove the logo',
    'add a cat',
    'replace the sky with a storm',
  ])('"%s" changes the painted area and nothing else, the whole picture answered', async (prompt) => {
    const { out, before, meta } = await edited(prompt);
    expect(meta).toMatchObject({ format: 'png', width: W, height: H });
    const { inside, outside } = differences(out, before);
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(0.3);
  });

  it('tints the area the colour named', async () => {
    const { out } = await edited('make his shirt red');
    const [r = 0, g = 0, b = 0] = meanInBox(out);
    expect(r).toBeGreaterThan(g + 30);
    expect(r).toBeGreaterThan(b + 30);
  });

  it('fills a removed area from around it: the stripe through it is gone', async () => {
    const { out, before } = await edited('remove the logo');
    const stripe = (data: Buffer) => data[(90 * W + 140) * 3] ?? 0;
    expect(stripe(before)).toBe(20);
    expect(stripe(out)).toBeGreaterThan(80);
  });

  it('answers the same pixels for the same request', async () => {
    const first = await edited('add a cat');
    const second = await edited('add a cat');
    expect(second.out.equals(first.out)).toBe(true);
  });
});
