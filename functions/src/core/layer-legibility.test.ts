import { BADGE_CORNER, SAFE_ZONE, type TextLayer } from '@thumbnail-studio/contract';
import { type FontStack, layoutLayer } from '@thumbnail-studio/typeset';
import { beforeAll, describe, expect, it } from 'vitest';
import { textLayer } from '../../../tests/support/text-layer';
import { loadFontStack } from '../lib/fonts';
import {
  contrastRatio,
  judgeLayer,
  judgeLayers,
  type LayerFacts,
  lineBoxes,
  luminance,
  MIN_CAP_PIXELS,
  MIN_OUTLINE_WIDTH,
  makeReadable,
} from './layer-legibility';

let fonts: FontStack;
beforeAll(async () => {
  fonts = await loadFontStack('inter-tight');
});

const DARK = Array(100).fill(luminance('#101020'));
const LIGHT = Array(100).fill(luminance('#f0f0f0'));

const layer = (overrides: Partial<TextLayer> = {}) =>
  textLayer({ size: 160, outline: { colour: '#000000', width: 16 }, ...overrides });
const facts = (overrides: Partial<TextLayer> = {}, backdrop = DARK, ocrFails = false): LayerFacts => ({
  layer: layer(overrides),
  fonts,
  backdrop,
  ocrFails,
});
/** The font size whose capitals are `pixels` high at 168x94. */
const sizeFor = (pixels: number) => (pixels * 1280) / 168 / fonts.capHeight;

describe('contrast', () => {
  it('is the WCAG ratio of relative luminances', () => {
    expect(contrastRatio(luminance('#ffffff'), luminance('#000000'))).toBeCloseTo(21);
    expect(contrastRatio(luminance('#777777'), luminance('#ffffff'))).toBeCloseTo(4.48, 1);
    expect(luminance([255, 255, 255])).toBeCloseTo(1);
  });
});

describe('judging one layer', () => {
  it('reads at every size when big, standing out and clear of the badge', () => {
    expect(judgeLayer(facts()).reads).toEqual([true, true, true]);
  });

  it('is too small where its capitals are under the threshold in pixels: at 168x94 before 246x138', () => {
    const judged = judgeLayer(facts({ size: sizeFor(MIN_CAP_PIXELS) - 2 }));
    expect(judged.small).toEqual([false, false, true]);
    expect(judged.reads).toEqual([true, true, false]);
    expect(judgeLayer(facts({ size: sizeFor(MIN_CAP_PIXELS) + 1 })).reads).toEqual([true, true, true]);
  });

  it('stands out by a wide outline whatever lies under it, else by the picture under the letters', () => {
    expect(judgeLayer(facts({}, LIGHT)).lowContrast).toBe(false);
    expect(judgeLayer(facts({ outline: { colour: '#ffffff', width: 16 } })).lowContrast).toBe(true);
    const thin = { outline: { colour: '#000000', width: MIN_OUTLINE_WIDTH - 1 } };
    expect(judgeLayer(facts(thin, LIGHT)).lowContrast).toBe(true);
    expect(judgeLayer(facts(thin, DARK)).lowContrast).toBe(false);
    // Mostly dark with a light patch: a fifth of the letters would vanish.
    expect(judgeLayer(facts({ outline: null }, [...DARK.slice(20), ...LIGHT.slice(80)])).lowContrast).toBe(
      true,
    );
  });

  it('does not read in the feed where its letters reach into the duration badge’s corner', () => {
    const cornered = facts({ box: { x: 900, y: 560, width: 316, height: 124 }, size: 90, align: 'right' });
    const judged = judgeLayer(cornered);
    expect(judged.underBadge).toBe(true);
    expect(judged.reads).toEqual([true, false, false]);
  });

  it('takes OCR as a second opinion only: it can turn a reading into a warning, never the reverse', () => {
    expect(judgeLayer(facts({}, DARK, true)).reads).toEqual([false, false, false]);
    expect(judgeLayer(facts({ outline: null }, LIGHT, false)).reads).toEqual([false, false, false]);
  });
});

describe('the verdict on an image’s layers', () => {
  it('says where each layer’s ink is, and offers the layers as they are when all read', () => {
    const verdict = judgeLayers([facts()]);
    expect(verdict).toMatchObject({
      text: 'BIG WIN',
      reads_at_feed_size: true,
      hard_to_read: [],
      readable_layers: [layer()],
    });
    expect(verdict.sizes.map((size) => size.reads)).toEqual([true, true, true]);
    const [box] = verdict.boxes ?? [];
    expect(box?.x0).toBeCloseTo(64);
    expect(box?.y1).toBeLessThan(472);
  });

  it('names the areas of the layers lost in the feed, and reads only where every layer does', () => {
    const small = facts({ id: 'l2', size: 20, box: { x: 900, y: 300, width: 300, height: 100 } });
    const verdict = judgeLayers([facts(), small]);
    expect(verdict.text).toBe('BIG WIN BIG WIN');
    expect(verdict.reads_at_feed_size).toBe(false);
    expect(verdict.hard_to_read).toEqual(['right']);
    expect(verdict.readable_layers?.[0]).toEqual(layer());
  });
});

describe('making a layer readable', () => {
  it('raises a tiny layer to the readable size, growing its box inside the safe zone', () => {
    const tiny = facts({
      text: 'SUBSCRIBE FOR MORE',
      size: 30,
      box: { x: 64, y: 72, width: 200, height: 60 },
    });
    const fixed = makeReadable(tiny);
    expect(fixed.size).toBeGreaterThanOrEqual(Math.ceil(sizeFor(MIN_CAP_PIXELS)));
    expect(layoutLayer(fonts, fixed)?.size).toBe(fixed.size);
    expect(fixed.box.x).toBe(64);
    expect(fixed.box.x + fixed.box.width).toBeLessThanOrEqual(SAFE_ZONE.x1);
    expect(fixed.box.y).toBeGreaterThanOrEqual(SAFE_ZONE.y0);
    // Moved over unknown picture, the letters carry their own outline.
    expect(fixed.outline?.width).toBeGreaterThanOrEqual(MIN_OUTLINE_WIDTH);
    expect(judgeLayer({ ...tiny, layer: fixed }).reads).toEqual([true, true, true]);
  });

  it('flips white letters on a light picture to black, and outlines a coloured fill (its colour kept)', () => {
    const white = makeReadable(facts({ outline: null }, LIGHT));
    expect(white).toMatchObject({ colour: '#000000', outline: null });
    const yellow = makeReadable(facts({ colour: '#ffee00', outline: null }, LIGHT));
    expect(yellow).toMatchObject({ colour: '#ffee00', outline: { colour: '#000000' } });
    expect(yellow.outline?.width).toBeGreaterThanOrEqual(MIN_OUTLINE_WIDTH);
  });

  it('thickens a thin outline, and flips the fill against a wide outline of its own colour', () => {
    const thin = makeReadable(facts({ outline: { colour: '#000000', width: 2 } }, LIGHT));
    expect(thin).toMatchObject({ colour: '#ffffff', outline: { colour: '#000000', width: 16 } });
    const same = makeReadable(facts({ outline: { colour: '#ffffff', width: 16 } }));
    expect(same).toMatchObject({ colour: '#000000', outline: { colour: '#ffffff', width: 16 } });
  });

  it('moves a layer out of the badge’s corner by the least that clears it', () => {
    const cornered = facts({ box: { x: 900, y: 560, width: 316, height: 124 }, size: 90, align: 'right' });
    const fixed = makeReadable(cornered);
    const laid = layoutLayer(fonts, fixed);
    expect(laid?.size).toBe(layoutLayer(fonts, cornered.layer)?.size);
    expect(
      lineBoxes(
        laid ?? { size: 0, lines: [], bounds: { x: 0, y: 0, width: 0, height: 0 } },
        fonts,
        fixed,
      ).every((box) => box.y1 <= BADGE_CORNER.y0 || box.x1 <= BADGE_CORNER.x0),
    ).toBe(true);
    expect(fixed.box.width).toBe(316);
    expect(judgeLayer({ ...cornered, layer: fixed }).reads).toEqual([true, true, true]);
  });

  it('leaves a layer that reads as it is', () => {
    const reading = facts();
    expect(makeReadable(reading)).toBe(reading.layer);
  });
});
