import type { Legibility, TextBox } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { textLayer } from '../../../../../tests/support/text-layer';
import { focalRegions, MEASURE_SIZE, type RgbaPixels, subjectContrast } from './image-figures';
import { layersMovedClear, type ReadinessFacts, type ReadinessId, readinessItems } from './readiness';
import { badgeRect, overlaps, scaleBox, YOUTUBE_LAYOUTS } from './youtube-layouts';

/** A test thumbnail drawn from SVG shapes at 1280x720, read back at the measuring size as a browser's canvas would. */
async function picture(shapes: string, background = '#1d3b72'): Promise<RgbaPixels> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <rect width="1280" height="720" fill="${background}"/>${shapes}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(MEASURE_SIZE.width, MEASURE_SIZE.height)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

const verdict = (patch: Partial<Legibility> = {}): Legibility => ({
  text: 'WIN',
  sizes: [],
  reads_at_feed_size: true,
  hard_to_read: [],
  boxes: [{ x0: 120, y0: 100, x1: 560, y1: 260 }],
  ...patch,
});

const facts = (patch: Partial<ReadinessFacts> = {}): ReadinessFacts => ({
  legibility: verdict(),
  faces: [{ x0: 760, y0: 160, x1: 1000, y1: 480 }],
  layers: [],
  pixels: null,
  duration: '12:34',
  ...patch,
});

const item = (all: ReturnType<typeof readinessItems>, id: ReadinessId) => {
  const found = all.find((one) => one.id === id);
  if (!found) throw new Error(`no ${id} item`);
  return found;
};

/** A good thumbnail: a big bright subject and a word block on a plain dark background. */
const GOOD = `<circle cx="880" cy="320" r="200" fill="#ffd23f"/><rect x="120" y="100" width="440" height="160" fill="#ffffff"/>`;

describe('the readiness check', () => {
  it('passes every item on a good thumbnail', async () => {
    const pixels = await picture(GOOD);
    const items = readinessItems(facts({ pixels }));
    expect(items.map((one) => [one.id, one.ok])).toEqual([
      ['text', true],
      ['face', true],
      ['contrast', true],
      ['clutter', true],
      ['badge', true],
      ['corners', true],
    ]);
    expect(items.every((one) => one.boxes.length === 0 && !one.fix)).toBe(true);
  });

  it('warns of tiny text, outlining it; drawn text gets a region edit, layers the free fix', () => {
    const tiny = verdict({ reads_at_feed_size: false, hard_to_read: ['top left'] });
    const drawn = item(readinessItems(facts({ legibility: tiny })), 'text');
    expect(drawn).toMatchObject({ ok: false, says: 'The text is hard to read at feed size (top left).' });
    expect(drawn.boxes).toEqual(tiny.boxes);
    expect(drawn.fix).toEqual({
      kind: 'edit',
      instruction: 'Make the text bigger and higher contrast',
      boxes: tiny.boxes,
    });

    const readable = [textLayer({ size: 140 })];
    const layered = item(
      readinessItems(
        facts({ legibility: { ...tiny, readable_layers: readable }, layers: [textLayer({ size: 20 })] }),
      ),
      'text',
    );
    expect(layered.fix).toEqual({ kind: 'layers', label: 'Make it readable', layers: readable });
  });

  it('warns of a small face with its size at 168x94, and passes a large one', () => {
    const small: TextBox = { x0: 900, y0: 300, x1: 960, y1: 380 };
    const warned = item(readinessItems(facts({ faces: [small] })), 'face');
    expect(warned).toMatchObject({ ok: false, boxes: [small] });
    expect(warned.says).toBe('The largest face is only 10 px tall at 168x94: too small to read in the feed.');
    expect(warned.fix).toMatchObject({ kind: 'edit', boxes: [] });
    expect(item(readinessItems(facts()), 'face')).toMatchObject({
      ok: true,
      says: 'The largest face is 42 px tall at 168x94.',
    });
    expect(item(readinessItems(facts({ faces: [] })), 'face').ok).toBe(true);
  });

  it('warns when text sits under the duration badge, for the duration shown, and moves layers out for free', () => {
    // Clear of a short badge on the smallest layout, under a long one.
    const box = { x0: 880, y0: 600, x1: 980, y1: 650 };
    const layer = textLayer({ box: { x: 880, y: 600, width: 100, height: 50 } });
    const short = item(
      readinessItems(facts({ legibility: verdict({ boxes: [box] }), duration: '0:09' })),
      'badge',
    );
    expect(short.ok).toBe(true);
    const long = item(
      readinessItems(
        facts({ legibility: verdict({ boxes: [box] }), faces: [], layers: [layer], duration: '1:02:03' }),
      ),
      'badge',
    );
    expect(long).toMatchObject({ ok: false, boxes: [box] });
    expect(long.says).toMatch(/^Text sits under the duration badge in Up next \(168x94\)/);
    if (long.fix?.kind !== 'layers') throw new Error('a layer moves for free');
    const moved = long.fix.layers[0]?.box;
    if (!moved) throw new Error('the layer is kept');
    const movedRect = { x0: moved.x, y0: moved.y, x1: moved.x + moved.width, y1: moved.y + moved.height };
    for (const layout of YOUTUBE_LAYOUTS) {
      const badge = badgeRect(layout.width, layout.height, '1:02:03');
      expect(overlaps(scaleBox(movedRect, layout.width), badge)).toBe(false);
    }
    expect(long.fix.layers[0]).toMatchObject({ text: layer.text, size: layer.size });
  });

  it('asks for an edit when a face sits under the badge', () => {
    const face = { x0: 1000, y0: 520, x1: 1200, y1: 700 };
    const badge = item(readinessItems(facts({ faces: [face] })), 'badge');
    expect(badge.ok).toBe(false);
    expect(badge.fix).toMatchObject({
      kind: 'edit',
      instruction: expect.stringMatching(/^Move the face away from the bottom-right corner/),
    });
  });

  it('warns when text reaches into a rounded corner, and moves layers into the safe zone', () => {
    const corner = { x0: 6, y0: 6, x1: 300, y1: 90 };
    const layer = textLayer({ box: { x: 6, y: 6, width: 294, height: 84 } });
    const cut = item(
      readinessItems(facts({ legibility: verdict({ boxes: [corner] }), layers: [layer] })),
      'corners',
    );
    expect(cut).toMatchObject({ ok: false, boxes: [corner] });
    expect(cut.says).toBe(
      'Text reaches into a rounded corner in Home (360x202), Search (360x202), Up next (168x94).',
    );
    expect(cut.fix).toMatchObject({
      kind: 'layers',
      layers: [{ box: { x: 64, y: 36, width: 294, height: 84 } }],
    });
    // Along an edge but clear of the arcs: nothing is cut.
    const edge = { x0: 80, y0: 4, x1: 600, y1: 90 };
    expect(item(readinessItems(facts({ legibility: verdict({ boxes: [edge] }) })), 'corners').ok).toBe(true);
  });

  it('warns of a subject that blends into its background, and of nothing standing out', async () => {
    const face = { x0: 760, y0: 160, x1: 1000, y1: 480 };
    const low = await picture(`<rect x="760" y="160" width="240" height="320" fill="#8a8a8a"/>`, '#808080');
    const warned = item(readinessItems(facts({ pixels: low, faces: [face] })), 'contrast');
    expect(warned).toMatchObject({ ok: false, boxes: [face] });
    expect(warned.says).toMatch(
      /^The face blends into its background \(a colour difference of \d+; 20 or more stands out\)\.$/,
    );
    expect(warned.fix).toMatchObject({ kind: 'edit', boxes: [] });
    const high = await picture(`<rect x="760" y="160" width="240" height="320" fill="#f2c49b"/>`, '#123a6e');
    expect(item(readinessItems(facts({ pixels: high, faces: [face] })), 'contrast').ok).toBe(true);
    // No face, and nothing stands out from a plain picture.
    const plain = await picture('', '#808080');
    expect(item(readinessItems(facts({ pixels: plain, faces: [] })), 'contrast')).toMatchObject({
      ok: false,
      says: 'Nothing stands out from the background.',
    });
  });

  it('warns of clutter, outlining each place that draws the eye', async () => {
    const spots = [
      [100, 100, '#ff3b30'],
      [500, 80, '#34c759'],
      [900, 120, '#ffcc00'],
      [200, 480, '#af52de'],
      [700, 500, '#5ac8fa'],
      [1080, 460, '#ff9500'],
    ] as const;
    const busy = await picture(
      spots
        .map(([x, y, fill]) => `<rect x="${x}" y="${y}" width="120" height="120" fill="${fill}"/>`)
        .join(''),
      '#202020',
    );
    const warned = item(readinessItems(facts({ pixels: busy })), 'clutter');
    expect(warned).toMatchObject({
      ok: false,
      says: '6 places compete for the eye; 3 or fewer read at a glance.',
    });
    expect(warned.boxes).toHaveLength(6);
    for (const [x, y] of spots) {
      expect(
        warned.boxes.some(
          (box) => box.x0 <= x + 60 && x + 60 <= box.x1 && box.y0 <= y + 60 && y + 60 <= box.y1,
        ),
      ).toBe(true);
    }
    expect(item(readinessItems(facts({ pixels: await picture(GOOD) })), 'clutter')).toMatchObject({
      ok: true,
      says: '2 places draw the eye.',
    });
  });

  it('says what it cannot tell yet, or for an image without checks', () => {
    const waiting = readinessItems(facts({ legibility: undefined }));
    expect(item(waiting, 'text')).toMatchObject({ ok: null, says: 'The text is still being checked.' });
    expect(item(waiting, 'contrast')).toMatchObject({ ok: null, says: 'Measuring the image…' });
    const variation = readinessItems(facts({ legibility: null, faces: null }));
    expect(item(variation, 'text').ok).toBeNull();
    expect(item(variation, 'face').ok).toBeNull();
  });
});

describe('the figures measured in pixels', () => {
  it('finds a word block as one place, not one per letter', async () => {
    const letters = [0, 1, 2, 3]
      .map((i) => `<rect x="${200 + i * 70}" y="300" width="50" height="90" fill="#ffffff"/>`)
      .join('');
    expect(focalRegions(await picture(letters, '#101010'))).toHaveLength(1);
  });

  it('measures a subject against a ring around it, none when it fills the frame', async () => {
    const pixels = await picture(
      `<rect x="400" y="200" width="400" height="300" fill="#ffffff"/>`,
      '#000000',
    );
    expect(subjectContrast(pixels, { x0: 400, y0: 200, x1: 800, y1: 500 })).toBeGreaterThan(90);
    expect(subjectContrast(pixels, { x0: 0, y0: 0, x1: 1280, y1: 720 })).toBeNull();
  });

  it('keeps a layer where it is when it is already clear', () => {
    const layer = textLayer({ box: { x: 100, y: 100, width: 400, height: 120 } });
    expect(layersMovedClear([layer], [{ x0: 1000, y0: 600, x1: 1280, y1: 720 }])).toEqual([layer]);
  });
});
