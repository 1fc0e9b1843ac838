import { LAYER_FRAME, LAYER_TEXT_AREA } from '@thumbnail-studio/contract';
import type { GenerationResult, ImageData, Person } from '@thumbnail-studio/providers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalProvider } from '../local';
import { peopleDiscs, RIGHT_OF_TEXT_LAYER, WIDTH } from './layout';
import { planOf } from './plan-chunk';

/**
 * The offline studio with a text layer to come: no text of its own, and the layer's area (the left
 * part of the frame) free of the subject and the people, whatever the prompt or the variation.
 */

const provider = createLocalProvider();
const textLayer = { text: 'SPACE CAT' };
const bytesOf = (result: GenerationResult) => {
  if (result.type !== 'image') throw new Error(`expected an image, got ${result.content}`);
  return result.image.bytes;
};
const generate = async (prompt: string, options: { people?: Person[]; variation?: number } = {}) =>
  bytesOf(
    await provider.generate({ prompt, references: [], people: options.people ?? [], textLayer, ...options }),
  );
const photo = async (colour: string): Promise<ImageData> => ({
  bytes: new Uint8Array(
    await sharp({ create: { width: 300, height: 600, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  ),
  mimeType: 'image/png',
});

/** LAYER_TEXT_AREA in the studio's 1536x864 frame. */
const scale = WIDTH / LAYER_FRAME.width;
const AREA = {
  left: Math.floor(LAYER_TEXT_AREA.box.x * scale),
  top: Math.floor(LAYER_TEXT_AREA.box.y * scale),
  width: Math.ceil(LAYER_TEXT_AREA.box.width * scale),
  height: Math.ceil(LAYER_TEXT_AREA.box.height * scale),
};
/** The Twemoji cat's fur, near white (text and stickers' outlines), and the people's photos. */
const CAT = [
  [0xff, 0xcc, 0x4e],
  [0xf1, 0x8f, 0x26],
];
const WHITE = [[255, 255, 255]];
const GREEN = [[0, 255, 0]];
/** Share of the area's pixels within 40 of one of the colours, channel by channel. */
async function shareInArea(bytes: Uint8Array, colours: number[][]) {
  const data = await sharp(bytes).extract(AREA).removeAlpha().raw().toBuffer();
  let hits = 0;
  for (let i = 0; i < data.length; i += 3)
    if (colours.some((c) => c.every((value, k) => Math.abs((data[i + k] ?? 0) - value) < 40))) hits++;
  return hits / (data.length / 3);
}
/** Each render takes about a second of a busy machine's CPU; a test makes several. */
const RENDERS = { timeout: 60_000 };

describe('the offline studio leaving room for a text layer', RENDERS, () => {
  it('puts the area the layer goes in on the left of the frame, where the provider is told it is', () => {
    expect(LAYER_TEXT_AREA.words).toBe('the left half');
    expect(AREA.left + AREA.width).toBeLessThan(RIGHT_OF_TEXT_LAYER);
    expect(RIGHT_OF_TEXT_LAYER).toBeLessThan(WIDTH * 0.6);
  });

  it('draws no text, and keeps the subject out of the area', async () => {
    const drawn = bytesOf(
      await provider.generate({ prompt: 'A cat astronaut "SPACE CAT"', references: [], people: [] }),
    );
    const layered = await generate('A cat astronaut "SPACE CAT"');
    expect(planOf(layered)).toMatchObject({ side: 'right', textLayer: true });
    expect(planOf(layered)?.text).toBeUndefined();
    // Without a layer the studio writes the words there itself.
    expect(await shareInArea(drawn, WHITE)).toBeGreaterThan(0.03);
    expect(await shareInArea(layered, WHITE)).toBe(0);
    expect(await shareInArea(layered, CAT)).toBe(0);
  });

  it('keeps the subject right even when the prompt or a variation would put it left', async () => {
    for (const [prompt, variation] of [
      ['A big cat on the left "HI"', 0],
      ['A cat "HI"', 1],
      ['A cat "HI"', 2],
    ] as const) {
      const bytes = await generate(prompt, { variation });
      expect(planOf(bytes)?.side).toBe('right');
      expect(await shareInArea(bytes, CAT)).toBe(0);
    }
  });

  it('keeps one, two or three people out of the area too', async () => {
    for (const count of [1, 2, 3]) {
      const people = await Promise.all(
        Array.from({ length: count }, async (_, i) => ({ name: `P${i}`, photos: [await photo('#00ff00')] })),
      );
      const bytes = await generate('A cat with us "HELLO"', { people });
      expect(await shareInArea(bytes, GREEN)).toBe(0);
      for (const disc of peopleDiscs(count, 'right', true))
        expect(disc.cx - disc.r).toBeGreaterThanOrEqual(RIGHT_OF_TEXT_LAYER);
    }
  });

  it("has an edit take the studio's own text out and leave the area clear", async () => {
    const source = bytesOf(
      await provider.generate({
        prompt: 'A cat on the left in a blue room "HELLO"',
        references: [],
        people: [],
      }),
    );
    expect(planOf(source)?.text).toBe('HELLO');
    const edited = bytesOf(
      await provider.edit({
        prompt: 'say "GOODBYE" instead',
        images: [{ bytes: source, mimeType: 'image/png' }],
        people: [],
        textLayer: { text: 'GOODBYE' },
      }),
    );
    expect(planOf(edited)).toMatchObject({ side: 'right', textLayer: true });
    expect(planOf(edited)?.text).toBeUndefined();
    expect(await shareInArea(edited, WHITE)).toBe(0);
    expect(await shareInArea(edited, CAT)).toBe(0);
  });

  it('is unchanged without a layer: its quoted text drawn, a subject asked for on the left drawn there', async () => {
    const bytes = bytesOf(
      await provider.generate({ prompt: 'A cat on the left "HI"', references: [], people: [] }),
    );
    expect(planOf(bytes)).toMatchObject({ side: 'left', text: 'HI' });
    expect(planOf(bytes)).not.toHaveProperty('textLayer');
    expect(await shareInArea(bytes, CAT)).toBeGreaterThan(0.05);
  });
});
