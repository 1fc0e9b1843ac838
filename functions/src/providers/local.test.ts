import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { adjustmentsFor, classifyOffline, createLocalProvider, LOCAL_MODEL, quotedText } from './local';
import { HEIGHT, peopleLeft, WIDTH } from './local-compose';
import type { ChatTurn, GenerationResult, ImageData } from './types';

const provider = createLocalProvider();
const solid = async (color: string, width = 400, height = 300): Promise<ImageData> => ({
  bytes: new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  ),
  mimeType: 'image/png',
});
const bytesOf = (result: GenerationResult) => {
  if (result.type !== 'image') throw new Error(`expected an image, got ${result.content}`);
  return result.image.bytes;
};
const pixels = async (bytes: Uint8Array, left: number, top: number, width: number, height: number) => {
  const { data } = await sharp(bytes)
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
};
/** Share of pixels in the inner safe zone (10% margins) that are near white. */
async function whiteShare(bytes: Uint8Array) {
  const data = await pixels(bytes, 154, 86, 1229, 691);
  let white = 0;
  for (let i = 0; i < data.length; i += 3)
    if ((data[i] ?? 0) > 235 && (data[i + 1] ?? 0) > 235 && (data[i + 2] ?? 0) > 235) white++;
  return white / (data.length / 3);
}
const mean = async (bytes: Uint8Array) =>
  (await sharp(bytes).stats()).channels.slice(0, 3).reduce((s, c) => s + c.mean, 0) / 3;

describe('local generation', () => {
  it('composes a real 1536x864 PNG with the quoted text in the safe zone', async () => {
    const withText = bytesOf(
      await provider.generate({
        prompt: 'A cat astronaut "SPACE CAT"',
        references: [],
        people: [],
      }),
    );
    const without = bytesOf(
      await provider.generate({ prompt: 'A cat astronaut', references: [], people: [] }),
    );

    const meta = await sharp(withText).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', WIDTH, HEIGHT]);
    expect(await whiteShare(without)).toBe(0);
    expect(await whiteShare(withText)).toBeGreaterThan(0.03);
  });

  it('keeps the margins free of text even for long quotes', async () => {
    const bytes = bytesOf(
      await provider.generate({
        prompt: `"${'THUMBNAIL '.repeat(30)}"`,
        references: [],
        people: [],
      }),
    );
    const strip = await pixels(bytes, 0, 0, 150, HEIGHT);
    expect(
      strip.some(
        (value, i) => i % 3 === 0 && value > 235 && (strip[i + 1] ?? 0) > 235 && (strip[i + 2] ?? 0) > 235,
      ),
    ).toBe(false);
  });

  it('derives the background from the prompt, the same every time', async () => {
    const input = { references: [], people: [] };
    const first = Buffer.from(bytesOf(await provider.generate({ prompt: 'volcano', ...input })));
    // Buffer comparison: a deep equality over 250 KB of bytes takes seconds.
    expect(first.equals(bytesOf(await provider.generate({ prompt: 'volcano', ...input })))).toBe(true);
    expect(first.equals(bytesOf(await provider.generate({ prompt: 'glacier', ...input })))).toBe(false);
  });

  it('uses the first reference as background and puts people in the right third', async () => {
    const result = await provider.generate({
      prompt: 'x',
      references: [await solid('#ff0000')],
      people: [{ name: 'Ada', photos: [await solid('#00ff00', 300, 600)] }],
    });
    expect(result).toMatchObject({ type: 'image', model: LOCAL_MODEL });
    const left = await pixels(bytesOf(result), 100, 400, 1, 1);
    const right = await pixels(bytesOf(result), 1400, 400, 1, 1);
    expect([...left]).toEqual([255, 0, 0]);
    expect([...right]).toEqual([0, 255, 0]);
  });
});

describe('local people', () => {
  /** A photo whose top half is one colour and bottom half another, so a copy of it can be recognised. */
  const twoTone = async (top: string, bottom: string): Promise<ImageData> => {
    const half = await sharp({ create: { width: 400, height: 300, channels: 3, background: bottom } })
      .png()
      .toBuffer();
    return {
      bytes: new Uint8Array(
        await sharp({ create: { width: 400, height: 600, channels: 3, background: top } })
          .composite([{ input: half, left: 0, top: 300 }])
          .png()
          .toBuffer(),
      ),
      mimeType: 'image/png',
    };
  };
  const near = (pixel: Uint8Array | Buffer, rgb: number[]) =>
    [...pixel].every((value, i) => Math.abs(value - (rgb[i] ?? 0)) <= 2);

  it("fills the person's area, large and at full height, with their primary photo", async () => {
    const primary = await twoTone('#0000ff', '#ffff00');
    const bytes = bytesOf(
      await provider.generate({
        prompt: 'A cat astronaut "HELLO"',
        references: [await solid('#ff0000')],
        people: [{ name: 'Ada', photos: [primary, await solid('#ff00ff')] }],
      }),
    );

    const left = peopleLeft(1);
    expect(WIDTH - left).toBeGreaterThanOrEqual(WIDTH / 3);
    // Every column of the area, top and bottom, comes from the photo: blue above, yellow below.
    for (const x of [left + 2, Math.round((left + WIDTH) / 2), WIDTH - 2]) {
      expect(near(await pixels(bytes, x, 40, 1, 1), [0, 0, 255])).toBe(true);
      expect(near(await pixels(bytes, x, HEIGHT - 40, 1, 1), [255, 255, 0])).toBe(true);
    }
    // Left of the area, the background stays.
    expect([...(await pixels(bytes, left - 30, HEIGHT - 40, 1, 1))]).toEqual([255, 0, 0]);
  });

  it("shows each person's primary photo side by side, never a second photo", async () => {
    const bytes = bytesOf(
      await provider.edit({
        prompt: 'Put us in it',
        images: [await solid('#808080', WIDTH, HEIGHT)],
        people: [
          { name: 'Ada', photos: [await solid('#00ff00', 300, 600), await solid('#ff00ff', 300, 600)] },
          { name: 'Bob', photos: [] },
          { name: 'Cy', photos: [await solid('#0000ff', 300, 600)] },
        ],
      }),
    );

    const left = peopleLeft(2);
    const half = (WIDTH - left) / 2;
    expect([...(await pixels(bytes, Math.round(left + half / 2), 400, 1, 1))]).toEqual([0, 255, 0]);
    expect([...(await pixels(bytes, Math.round(left + half * 1.5), 400, 1, 1))]).toEqual([0, 0, 255]);
    const data = await pixels(bytes, left, 0, WIDTH - left, HEIGHT);
    let magenta = 0;
    for (let i = 0; i < data.length; i += 3)
      if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) < 50 && (data[i + 2] ?? 0) > 200) magenta++;
    expect(magenta).toBe(0);
  });
});

describe('local edit', () => {
  it('re-composes the last image, brighter or darker as asked', async () => {
    const source = await solid('#606060', WIDTH, HEIGHT);
    const images = [await solid('#000000'), source];
    const brighter = bytesOf(await provider.edit({ prompt: 'Make it brighter', images, people: [] }));
    const darker = bytesOf(await provider.edit({ prompt: 'make it darker', images, people: [] }));

    expect((await sharp(brighter).metadata()).width).toBe(WIDTH);
    expect(await mean(brighter)).toBeGreaterThan((await mean(source.bytes)) + 20);
    expect(await mean(darker)).toBeLessThan((await mean(source.bytes)) - 20);
  });

  it('adds new quoted text and turns grey when asked', async () => {
    const source = await solid('#3366cc', WIDTH, HEIGHT);
    const result = bytesOf(
      await provider.edit({
        prompt: 'Black and white, with "NEW"',
        images: [source],
        people: [],
      }),
    );
    const [r, g, b] = await pixels(result, 5, 5, 1, 1);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(await whiteShare(result)).toBeGreaterThan(0.01);
  });
});

describe('local helpers', () => {
  it.each([
    ['A cat "SPACE CAT"', 'SPACE CAT'],
    ['Title “BIG WIN” and "NOW"', 'BIG WIN NOW'],
    ['«Salut»', 'Salut'],
    ["It's a dog's life", undefined],
    ['empty "" quotes', undefined],
  ])('quotedText(%j) is %j', (prompt, expected) => {
    expect(quotedText(prompt)).toBe(expected);
  });

  const withImage: ChatTurn[] = [
    { role: 'user', text: 'A red car', hasImages: false },
    { role: 'assistant', text: '[image]', hasImages: true },
  ];
  it.each([
    ['Make it brighter', withImage, 'IMAGE_EDIT'],
    ['change the background to blue', withImage, 'IMAGE_EDIT'],
    ['Add "WOW" to this', withImage, 'IMAGE_EDIT'],
    ['darker please', withImage, 'IMAGE_EDIT'],
    ['A wholly new picture of a dog on a beach', withImage, 'NEW_IMAGE'],
    ['Make it brighter', [withImage[0] as ChatTurn], 'NEW_IMAGE'],
  ] as const)('classifies %j as %s', (message, history, expected) => {
    expect(classifyOffline([...history], message)).toBe(expected);
  });

  it('reads adjustments from plain words', () => {
    expect(adjustmentsFor('make it brighter')).toMatchObject({ brightness: 1.3, grayscale: false });
    expect(adjustmentsFor('darker and more vibrant')).toMatchObject({ brightness: 0.7, saturation: 1.5 });
    expect(adjustmentsFor('grayscale')).toMatchObject({ brightness: 1, grayscale: true });
  });
});

describe('the offline provider delay', () => {
  it('waits the configured time before answering', async () => {
    vi.useFakeTimers();
    try {
      const provider = createLocalProvider({ delayMs: 5_000 });
      let settled = false;
      const result = provider.generate({ prompt: 'x', references: [], people: [] }).then((r) => {
        settled = true;
        return r;
      });
      await vi.advanceTimersByTimeAsync(4_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      vi.useRealTimers();
      expect((await result).type).toBe('image');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting when the signal aborts, failing with its reason', async () => {
    const provider = createLocalProvider({ delayMs: 60_000 });
    const controller = new AbortController();
    const result = provider.generate({ prompt: 'x', references: [], people: [], signal: controller.signal });
    controller.abort(new Error('out of time'));
    await expect(result).rejects.toThrow('out of time');
    await expect(
      provider.edit({ prompt: 'x', images: [], people: [], signal: AbortSignal.abort(new Error('gone')) }),
    ).rejects.toThrow('gone');
  });
});
