import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatTurn, GenerationResult, ImageData, Person } from '@thumbnail-studio/providers';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { offlineTitleIdeas } from '../core/title-ideas';
import { classifyOffline, createLocalProvider, LOCAL_MODEL } from './local';
import { HEIGHT, peopleDiscs, WIDTH } from './studio/layout';
import { planOf } from './studio/plan-chunk';

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

type Region = { left: number; top: number; width: number; height: number };
const LEFT_HALF: Region = { left: 0, top: 0, width: WIDTH / 2, height: HEIGHT };
const RIGHT_HALF: Region = { left: WIDTH / 2, top: 0, width: WIDTH / 2, height: HEIGHT };
/** The text's side when the subject is on the right, inside the safe zone. */
const TEXT_SIDE: Region = { left: 154, top: 86, width: 640, height: 691 };
const BOTTOM_LEFT: Region = { left: 0, top: 600, width: 300, height: 264 };
/** Share of a region's pixels within `tolerance` of one of the colours, channel by channel. */
async function share(bytes: Uint8Array, region: Region, colours: number[][], tolerance = 40) {
  const data = await pixels(bytes, region.left, region.top, region.width, region.height);
  let hits = 0;
  for (let i = 0; i < data.length; i += 3)
    if (colours.some((c) => c.every((value, k) => Math.abs((data[i + k] ?? 0) - value) < tolerance))) hits++;
  return hits / (data.length / 3);
}
/** The Twemoji cat's fur colours. */
const CAT = [
  [0xff, 0xcc, 0x4e],
  [0xf1, 0x8f, 0x26],
];
const WHITE = [[255, 255, 255]];
const meanOf = async (bytes: Uint8Array, r: Region) => {
  const { channels } = await sharp(bytes).extract(r).stats();
  return channels.slice(0, 3).map((c) => c.mean);
};
/** How much two images differ, 0-255: mean absolute difference of small grey copies. */
async function difference(a: Uint8Array, b: Uint8Array) {
  const small = (bytes: Uint8Array) =>
    sharp(bytes).resize(64, 36, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  return x.reduce((sum, value, i) => sum + Math.abs(value - (y[i] ?? 0)), 0) / x.length;
}
const generate = async (prompt: string, references: ImageData[] = [], people: Person[] = []) =>
  bytesOf(await provider.generate({ prompt, references, people }));
/** Each render takes about a second of a busy machine's CPU; a test makes several. */
const RENDERS = { timeout: 30_000 };
const editOf = async (prompt: string, source: Uint8Array, people: Person[] = []) =>
  bytesOf(await provider.edit({ prompt, images: [{ bytes: source, mimeType: 'image/png' }], people }));

describe('the offline studio: a new image', RENDERS, () => {
  it('composes a 1536x864 PNG with the quoted text in the safe zone', async () => {
    const withText = await generate('A cat astronaut "SPACE CAT"');
    const without = await generate('A cat astronaut');
    const meta = await sharp(withText).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', WIDTH, HEIGHT]);
    expect(await whiteShare(withText)).toBeGreaterThan((await whiteShare(without)) + 0.03);
  });

  it('keeps the margins free of text even for long quotes', async () => {
    const bytes = await generate(`"${'THUMBNAIL '.repeat(30)}"`);
    expect(await share(bytes, { left: 0, top: 0, width: 150, height: HEIGHT }, WHITE)).toBe(0);
  });

  it('draws the subject the prompt names large on one side, as the emoji the keywords find', async () => {
    const right = await generate('A cat on a sofa');
    expect(planOf(right)?.subjects[0]?.codePoints).toBe('1f408');
    expect(await share(right, RIGHT_HALF, CAT)).toBeGreaterThan(0.08);
    expect(await share(right, LEFT_HALF, CAT)).toBeLessThan(0.005);
    const left = await generate('A cat on the left');
    expect(await share(left, LEFT_HALF, CAT)).toBeGreaterThan(0.08);
  });

  it('takes the colour a prompt names', async () => {
    const [r1, , b1] = await meanOf(await generate('a blue boat'), BOTTOM_LEFT);
    const [r2, , b2] = await meanOf(await generate('a red boat'), BOTTOM_LEFT);
    expect(b1 ?? 0).toBeGreaterThan((r1 ?? 0) + 30);
    expect(r2 ?? 0).toBeGreaterThan((b2 ?? 0) + 30);
  });

  it('takes colours from the references but draws none of them: no ghost of the last image', async () => {
    const previous = await generate('A cat "SPACE CAT"');
    const next = await generate('a volcano erupting', [{ bytes: previous, mimeType: 'image/png' }]);
    expect(planOf(next)?.subjects.map((s) => s.word)).toEqual(['volcano']);
    // The cat's pale fur, nowhere in a volcano.
    expect(await share(previous, RIGHT_HALF, [[0xff, 0xcc, 0x4e]], 12)).toBeGreaterThan(0.05);
    expect(await share(next, RIGHT_HALF, [[0xff, 0xcc, 0x4e]], 12)).toBeLessThan(0.002);
    expect(await difference(previous, next)).toBeGreaterThan(25);
    const [r, , b] = await meanOf(await generate('a boat', [await solid('#c81e1e')]), BOTTOM_LEFT);
    expect(r ?? 0).toBeGreaterThan((b ?? 0) + 30);
  });

  it("puts the subject on the side a reference has its own on, in the reference's colours", async () => {
    // A green backdrop with one striking thing on it: a red and yellow target on the left.
    const reference = async (side: 'left' | 'right'): Promise<ImageData> => {
      const target = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="96" fill="#ffdd00"/><circle cx="100" cy="100" r="60" fill="#e01010"/><circle cx="100" cy="100" r="24" fill="#ffffff"/></svg>',
      );
      const backdrop = sharp({ create: { width: 640, height: 360, channels: 3, background: '#1f8a3c' } });
      const png = await backdrop
        .composite([{ input: target, left: side === 'left' ? 40 : 400, top: 80 }])
        .png()
        .toBuffer();
      return { bytes: new Uint8Array(png), mimeType: 'image/png' };
    };
    const left = await generate('A cat', [await reference('left')]);
    expect(await share(left, LEFT_HALF, CAT)).toBeGreaterThan(0.08);
    expect(await share(left, RIGHT_HALF, CAT)).toBeLessThan(0.005);
    const [r, g, b] = await meanOf(left, { left: WIDTH - 300, top: 600, width: 300, height: 264 });
    expect(g ?? 0).toBeGreaterThan((r ?? 0) + 20);
    expect(g ?? 0).toBeGreaterThan((b ?? 0) + 10);
    const right = await generate('A cat', [await reference('right')]);
    expect(await share(right, RIGHT_HALF, CAT)).toBeGreaterThan(0.08);
    expect(await share(right, LEFT_HALF, CAT)).toBeLessThan(0.005);
  });

  it('is the same for the same prompt', async () => {
    const first = Buffer.from(await generate('volcano'));
    // Buffer comparison: a deep equality over 250 KB of bytes takes seconds.
    expect(first.equals(await generate('volcano'))).toBe(true);
    expect(first.equals(await generate('glacier'))).toBe(false);
  });
});

describe('the offline studio: people', RENDERS, () => {
  const near = (pixel: Uint8Array | Buffer, rgb: number[]) =>
    [...pixel].every((value, i) => Math.abs(value - (rgb[i] ?? 0)) <= 3);

  it("cuts each person's primary photo out round, large, on the subject's side", async () => {
    const bytes = await generate(
      'A cat "HELLO"',
      [],
      [{ name: 'Ada', photos: [await solid('#00ff00', 300, 600), await solid('#ff00ff', 300, 600)] }],
    );
    const [disc] = peopleDiscs(1, 'right');
    if (!disc) throw new Error('no disc');
    expect(disc.r).toBeGreaterThanOrEqual(HEIGHT * 0.3);
    expect(near(await pixels(bytes, disc.cx, disc.cy, 1, 1), [0, 255, 0])).toBe(true);
    // Where the end-to-end test looks for the person.
    expect(near(await pixels(bytes, Math.round(WIDTH * 0.8), HEIGHT / 2, 1, 1), [0, 255, 0])).toBe(true);
    // Round: the corner of its square is not the photo.
    const corner = Math.round(disc.r * 0.85);
    expect(near(await pixels(bytes, disc.cx + corner, disc.cy - corner, 1, 1), [0, 255, 0])).toBe(false);
    expect(await share(bytes, { left: 0, top: 0, width: WIDTH, height: HEIGHT }, [[255, 0, 255]])).toBe(0);
  });

  it('shows several people side by side, each by their primary photo', async () => {
    const bytes = await generate(
      'us',
      [],
      [
        { name: 'Ada', photos: [await solid('#00ff00', 300, 600)] },
        { name: 'Bob', photos: [] },
        { name: 'Cy', photos: [await solid('#0000ff', 300, 600)] },
      ],
    );
    const [first, second] = peopleDiscs(2, 'right');
    expect(near(await pixels(bytes, first?.cx ?? 0, first?.cy ?? 0, 1, 1), [0, 255, 0])).toBe(true);
    expect(near(await pixels(bytes, second?.cx ?? 0, second?.cy ?? 0, 1, 1), [0, 0, 255])).toBe(true);
  });
});

describe('the offline studio: edits of its own images', RENDERS, () => {
  it('makes it brighter or darker, the people keeping their colours', async () => {
    const people = [{ name: 'Ada', photos: [await solid('#d21ec8', 300, 600)] }];
    const source = await generate('A dog "WOOF"', [], people);
    const brighter = await editOf('Make it brighter', source, people);
    const darker = await editOf('make it darker', source, people);
    expect((await sharp(brighter).metadata()).width).toBe(WIDTH);
    expect(await mean(brighter)).toBeGreaterThan((await mean(source)) + 15);
    expect(await mean(darker)).toBeLessThan((await mean(source)) - 15);
    const person = await pixels(brighter, Math.round(WIDTH * 0.8), HEIGHT / 2, 1, 1);
    expect([...person].map((v, i) => Math.abs(v - ([210, 30, 200][i] ?? 0))).every((d) => d <= 3)).toBe(true);
  });

  it('makes the text bigger, or replaces it with new quoted text', async () => {
    const source = await generate('A cat "HELLO"');
    const bigger = await editOf('make the text bigger', source);
    expect(await share(bigger, TEXT_SIDE, WHITE)).toBeGreaterThan(
      (await share(source, TEXT_SIDE, WHITE)) * 1.3,
    );
    const replaced = await editOf('say "GOODBYE FRIENDS" instead', source);
    expect(planOf(replaced)?.text).toBe('GOODBYE FRIENDS');
    expect(await difference(source, replaced)).toBeGreaterThan(3);
  });

  it('turns another colour, zooms in and removes what is named', async () => {
    const source = await generate('A cat "HELLO"');
    const [r, , b] = await meanOf(await editOf('make it blue', source), BOTTOM_LEFT);
    expect(b ?? 0).toBeGreaterThan((r ?? 0) + 30);
    const zoomed = await editOf('zoom in', source);
    expect(await share(zoomed, { left: 0, top: 0, width: WIDTH, height: HEIGHT }, CAT)).toBeGreaterThan(
      (await share(source, { left: 0, top: 0, width: WIDTH, height: HEIGHT }, CAT)) * 1.4,
    );
    const removed = await editOf('remove the cat', source);
    expect(planOf(removed)?.subjects).toEqual([]);
    expect(await share(removed, RIGHT_HALF, CAT)).toBeLessThan(0.002);
    expect(planOf(removed)?.text).toBe('HELLO');
  });
});

describe('the offline studio: edits of other images', RENDERS, () => {
  it('changes the pixels: brighter, darker, grey, tinted, with new text on a panel', async () => {
    const source = (await solid('#606060', WIDTH, HEIGHT)).bytes;
    expect(await mean(await editOf('Make it brighter', source))).toBeGreaterThan((await mean(source)) + 20);
    expect(await mean(await editOf('make it darker', source))).toBeLessThan((await mean(source)) - 20);
    const grey = await editOf('Black and white, with "NEW"', (await solid('#3366cc', WIDTH, HEIGHT)).bytes);
    const [r, g, b] = await pixels(grey, 5, HEIGHT - 5, 1, 1);
    expect([r, g]).toEqual([g, b]);
    expect(await whiteShare(grey)).toBeGreaterThan(0.01);
    expect(planOf(grey)).toBeUndefined();
    const [tr, , tb] = await meanOf(await editOf('make it blue', source), BOTTOM_LEFT);
    expect(tb ?? 0).toBeGreaterThan((tr ?? 0) + 20);
  });

  it('starts from the newest image it is given', async () => {
    const result = await provider.edit({
      prompt: 'brighter',
      images: [await solid('#000000'), await solid('#606060', WIDTH, HEIGHT)],
      people: [],
    });
    expect(result).toMatchObject({ type: 'image', model: LOCAL_MODEL });
    expect(await mean(bytesOf(result))).toBeGreaterThan(100);
  });
});

describe('the offline title writer', () => {
  it("answers the template writer's five titles, one a line", async () => {
    const request = { subject: 'A red fox', thumbnailText: ['FAST'], videoTitle: 'Fox Facts' };
    const answer = await provider.writeTitles(request);
    expect(answer.split('\n')).toEqual(offlineTitleIdeas(request));
    expect(answer.split('\n')).toHaveLength(5);
  });
});

describe('the offline classifier', () => {
  const withImage: ChatTurn[] = [
    { role: 'user', text: 'A red car', hasImages: false },
    { role: 'assistant', text: '[image]', hasImages: true },
  ];
  it.each([
    ['Make it brighter', withImage, 'IMAGE_EDIT'],
    ['change the background to blue', withImage, 'IMAGE_EDIT'],
    ['Add "WOW" to this', withImage, 'IMAGE_EDIT'],
    ['darker please', withImage, 'IMAGE_EDIT'],
    ['zoom in', withImage, 'IMAGE_EDIT'],
    ['remove the cat', withImage, 'IMAGE_EDIT'],
    ['make a cat', withImage, 'NEW_IMAGE'],
    ['A wholly new picture of a dog on a beach', withImage, 'NEW_IMAGE'],
    ['Make it brighter', [withImage[0] as ChatTurn], 'NEW_IMAGE'],
  ] as const)('classifies %j as %s', (message, history, expected) => {
    expect(classifyOffline([...history], message)).toBe(expected);
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

  it('holds its answer while the hold file exists, and answers once it is gone', async () => {
    const holdFile = join(mkdtempSync(join(tmpdir(), 'hold-')), 'hold');
    writeFileSync(holdFile, '');
    const provider = createLocalProvider({ holdFile });
    let settled = false;
    const result = provider.generate({ prompt: 'x', references: [], people: [] }).then((r) => {
      settled = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    rmSync(holdFile);
    expect((await result).type).toBe('image');
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

  it('stops a hold when the signal aborts, failing with its reason', async () => {
    const holdFile = join(mkdtempSync(join(tmpdir(), 'hold-')), 'hold');
    writeFileSync(holdFile, '');
    const controller = new AbortController();
    const result = createLocalProvider({ holdFile }).generate({
      prompt: 'x',
      references: [],
      people: [],
      signal: controller.signal,
    });
    controller.abort(new Error('out of time'));
    await expect(result).rejects.toThrow('out of time');
  });
});
