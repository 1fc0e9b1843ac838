import { FONT_IDS, type FontId, LAYER_TEXT_AREA, type TextLayer } from '@thumbnail-studio/contract';
import { type FontStack, layersSvg, outlineWidthFor } from '@thumbnail-studio/typeset';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textLayer } from '../../../tests/support/text-layer';
import { stopTextReader } from '../adapters/text-reader';
import { loadFontStack } from '../lib/fonts';
import { checkLayerLegibility } from './layer-legibility-check';
import { ocrOpinionOf } from './layer-ocr';

const WIDTH = 1536;
const HEIGHT = 864;

/** A small seeded random source, so every run draws the same pictures. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A provider-sized base: a gradient between two colours. */
const gradient = (from: string, to: string, angle = 0) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" gradientTransform="rotate(${angle})"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${WIDTH * 0.75}" cy="${HEIGHT * 0.45}" r="${HEIGHT * 0.3}" fill="${to}" opacity="0.6"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** A base of noise around a level (0–255), blurred by `blur` into a photo-like texture (0: grain). */
async function texture(level: number, spread: number, blur: number, seed: number) {
  const random = randomFrom(seed);
  const [w, h] = [WIDTH / 8, HEIGHT / 8];
  const pixels = Buffer.alloc(w * h * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const grey = level + (random() - 0.5) * spread;
    for (let c = 0; c < 3; c++)
      pixels[i + c] = Math.max(0, Math.min(255, grey + (random() - 0.5) * spread * 0.4 + c * 6));
  }
  const small = sharp(pixels, { raw: { width: w, height: h, channels: 3 } });
  const sized = small.resize(WIDTH, HEIGHT, { kernel: blur ? 'cubic' : 'nearest' });
  return (blur ? sized.blur(blur) : sized).png().toBuffer();
}

/** The bases: light and dark, flat, graded, grainy and photo-like. */
const BASES = {
  night: () => gradient('#0b1026', '#3a1c71'),
  sunset: () => gradient('#ff7e00', '#6a0572', 30),
  sky: () => gradient('#dff3ff', '#ffffff', 90),
  paper: () => gradient('#f4ecd8', '#e0d2b0'),
  forest: () => gradient('#0f3d1e', '#2f7a3a', 45),
  grainDark: () => texture(50, 90, 0, 1),
  grainLight: () => texture(215, 70, 0, 2),
  photoDark: () => texture(70, 200, 12, 3),
  photoMid: () => texture(128, 255, 6, 4),
  photoLight: () => texture(200, 110, 10, 5),
};
type BaseName = keyof typeof BASES;

let fonts: Map<FontId, FontStack>;
const bases = new Map<BaseName, Buffer>();
const fontsOf = async (layer: TextLayer) => fonts.get(layer.font) ?? loadFontStack(layer.font);

beforeAll(async () => {
  fonts = new Map(await Promise.all(FONT_IDS.map(async (id) => [id, await loadFontStack(id)] as const)));
  for (const [name, make] of Object.entries(BASES)) bases.set(name as BaseName, await make());
});
afterAll(() => stopTextReader());

/** A layer as the renderer sets one: heavy colour on a black outline a tenth of its size, a shadow. */
const rendered = (text: string, font: FontId, size: number, overrides: Partial<TextLayer> = {}): TextLayer =>
  textLayer({
    text,
    font,
    size,
    outline: { colour: '#000000', width: outlineWidthFor(size) },
    box: LAYER_TEXT_AREA.box,
    ...overrides,
  });

/** The finished thumbnail, composed as the server's renderer does: the layers' SVG over the base. */
async function composite(base: Buffer, layers: readonly TextLayer[]) {
  const svg = layersSvg((layer) => fonts.get(layer.font) as FontStack, layers, WIDTH, HEIGHT);
  return sharp(base)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

const verdictOn = async (name: BaseName, layers: TextLayer[], ocr: boolean) => {
  const base = bases.get(name) as Buffer;
  return checkLayerLegibility(
    { base, layers },
    ocr ? await ocrOpinionOf(await composite(base, layers)) : undefined,
    undefined,
    fontsOf,
  );
};

const WORDS = [
  'BIG WIN',
  'I SURVIVED',
  'COOL DOG',
  'YUM',
  'AI',
  'BYO',
  '100 DAYS IN MINECRAFT',
  'Café crème',
  'ПРИВЕТ МИР',
  'ΓΕΙΑ ΣΑΣ',
  'DON’T BUY THIS',
  'ŁÓDŹ VLOG',
];
const BOXES: TextLayer['box'][] = [
  LAYER_TEXT_AREA.box,
  { x: 64, y: 36, width: 1152, height: 260 },
  { x: 640, y: 90, width: 576, height: 420 },
];
const SIZES = [110, 150, 200, 260, 320];
const names = Object.keys(BASES) as BaseName[];

/** Text set as the renderer sets it, over every kind of base, in every font: none should be warned about. */
const WELL_SET: [BaseName, TextLayer[]][] = [
  ...WORDS.flatMap((text, i) =>
    [0, 1, 2].map((j): [BaseName, TextLayer[]] => {
      const n = i * 3 + j;
      const size = SIZES[n % SIZES.length] ?? 150;
      const colour = n % 4 === 3 ? '#ffd400' : '#ffffff';
      const font = FONT_IDS[n % FONT_IDS.length] ?? 'oi';
      const box = BOXES[n % BOXES.length] ?? LAYER_TEXT_AREA.box;
      return [
        names[n % names.length] ?? 'night',
        [rendered(text, font, size, { colour, box, align: n % 2 ? 'center' : 'left' })],
      ];
    }),
  ),
  // Two layers on one image, and plain letters with no outline where the picture gives contrast.
  [
    'photoDark',
    [
      rendered('NEW', 'inter-tight', 200),
      rendered('SETUP TOUR', 'roboto-condensed', 120, { id: 'l2', box: BOXES[2] }),
    ],
  ],
  ['night', [rendered('SPACE', 'noto-sans-display', 200, { outline: null, shadow: false })]],
  ['forest', [rendered('CAMPING', 'sofia-sans-extra-condensed', 200, { outline: null })]],
  ['sky', [rendered('SUMMER', 'dela-gothic-one', 160, { colour: '#000000', outline: null, shadow: false })]],
  ['paper', [rendered('RECIPE', 'fira-sans-extra-condensed', 220, { colour: '#1a1a1a', outline: null })]],
];

const UNDER_BADGE: TextLayer['box'] = { x: 880, y: 560, width: 336, height: 124 };

/** Text a creator set badly: tiny, low in contrast, or under the duration badge. Each must be warned about. */
const BADLY_SET: [BaseName, TextLayer[]][] = [
  ['night', [rendered('BIG WIN', 'inter-tight', 40)]],
  ['photoMid', [rendered('TINY WORDS HERE', 'fira-sans-extra-condensed', 48)]],
  ['sunset', [rendered('ПРИВЕТ', 'roboto-condensed', 36, { box: BOXES[1] })]],
  ['grainLight', [rendered('small print', 'noto-sans-display', 30, { colour: '#000000', outline: null })]],
  ['sky', [rendered('SUMMER', 'inter-tight', 200, { outline: null })]],
  ['paper', [rendered('BAKING', 'dela-gothic-one', 160, { colour: '#ffee00', outline: null })]],
  ['photoLight', [rendered('WINTER', 'roboto-condensed', 200, { outline: null, shadow: false })]],
  [
    'grainDark',
    [rendered('NIGHT RUN', 'sofia-sans-extra-condensed', 200, { colour: '#2a2a2a', outline: null })],
  ],
  ['night', [rendered('DEEP SEA', 'noto-sans-display', 180, { colour: '#3a1c71', outline: null })]],
  [
    'sky',
    [rendered('CLOUDS', 'fira-sans-extra-condensed', 220, { outline: { colour: '#000000', width: 2 } })],
  ],
  ['forest', [rendered('GLOW', 'inter-tight', 200, { outline: { colour: '#ffffff', width: 14 } })]],
  ['photoMid', [rendered('SHOCKING', 'oi', 160, { colour: '#808080', outline: null })]],
  ['night', [rendered('LIVE', 'inter-tight', 100, { box: UNDER_BADGE, align: 'right' })]],
  ['photoDark', [rendered('PART 2', 'roboto-condensed', 90, { box: UNDER_BADGE })]],
  [
    'sunset',
    [
      rendered('BIG WIN', 'dela-gothic-one', 200),
      rendered('NEW', 'inter-tight', 90, { id: 'l2', box: UNDER_BADGE, align: 'right' }),
    ],
  ],
];

/** Where a set of layers sits: its words, fonts and sizes, and the base. */
const named = (base: BaseName, layers: TextLayer[]) =>
  `${layers.map((layer) => `${layer.text}/${layer.font}/${layer.size}`).join(' + ')} on ${base}`;

describe('the verdict on text layers, measured over generated thumbnails', () => {
  it('warns about none of the text set at the renderer’s sizes', async () => {
    expect(WELL_SET.length).toBeGreaterThanOrEqual(30);
    const falseWarnings: string[] = [];
    for (const [i, [base, layers]] of WELL_SET.entries()) {
      // OCR's second opinion is slow: asked on every sixth thumbnail, enough to see it stays quiet.
      const verdict = await verdictOn(base, layers, i % 6 === 0);
      if (!verdict.reads_at_feed_size) falseWarnings.push(named(base, layers));
    }
    expect(falseWarnings).toEqual([]);
  }, 60_000);

  it('warns about every badly set one, and each made readable then reads', async () => {
    expect(BADLY_SET.length).toBeGreaterThanOrEqual(15);
    const missed: string[] = [];
    const unfixed: string[] = [];
    for (const [base, layers] of BADLY_SET) {
      const verdict = await verdictOn(base, layers, false);
      if (verdict.reads_at_feed_size) missed.push(named(base, layers));
      const fixed = verdict.readable_layers ?? [];
      expect(fixed).toHaveLength(layers.length);
      if (!(await verdictOn(base, fixed, false)).reads_at_feed_size) unfixed.push(named(base, fixed));
    }
    expect({ missed, unfixed }).toEqual({ missed: [], unfixed: [] });
  }, 30_000);
});

describe('OCR as a second opinion', () => {
  it('turns a layer the data says reads into a warning when its words are clearly not in the picture', async () => {
    const base = bases.get('night') as Buffer;
    const layers = [rendered('BIG WIN', 'inter-tight', 200)];
    expect(
      (
        await checkLayerLegibility(
          { base, layers },
          await ocrOpinionOf(await composite(base, layers)),
          undefined,
          fontsOf,
        )
      ).reads_at_feed_size,
    ).toBe(true);
    // A finished image without the text the layers say it has: OCR reads none of it.
    const verdict = await checkLayerLegibility(
      { base, layers },
      await ocrOpinionOf(base),
      undefined,
      fontsOf,
    );
    expect(verdict.reads_at_feed_size).toBe(false);
    expect(verdict.sizes[0]?.reads).toBe(false);
  }, 30_000);

  it('is not asked about words the English model cannot read, nor about letters alone', async () => {
    const base = bases.get('night') as Buffer;
    for (const text of ['ПРИВЕТ МИР', 'AI']) {
      const layers = [rendered(text, 'inter-tight', 200)];
      expect(
        (await checkLayerLegibility({ base, layers }, await ocrOpinionOf(base), undefined, fontsOf))
          .reads_at_feed_size,
      ).toBe(true);
    }
  }, 30_000);
});
