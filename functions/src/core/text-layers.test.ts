import { DEFAULT_FONT, LAYER_TEXT_AREA, type TextLayer } from '@thumbnail-studio/contract';
import { layoutLayer, styledLook } from '@thumbnail-studio/typeset';
import { describe, expect, it } from 'vitest';
import { loadFontStack } from '../lib/fonts';
import { DESIGNED_SIZE, designTextLayer, LIGHT_BACKGROUND, layersRefusal } from './text-layers';

const fonts = await loadFontStack(DEFAULT_FONT);
const oi = await loadFontStack('oi');
const fontsOf = (font: string) => (font === 'oi' ? oi : fonts);

const layer = (fields: Partial<TextLayer> = {}): TextLayer => ({
  id: 'a',
  text: 'HELLO',
  font: DEFAULT_FONT,
  size: 120,
  colour: '#ffffff',
  outline: null,
  shadow: false,
  align: 'left',
  box: { x: 100, y: 100, width: 600, height: 300 },
  ...fields,
});

describe('layersRefusal', () => {
  it('accepts layers every font can draw, accented, Cyrillic and Greek included', () => {
    expect(
      layersRefusal([layer(), layer({ id: 'b', text: 'ÇA VA? ПРИВЕТ ΓΕΙΑ', font: 'oi' })], fontsOf),
    ).toBeUndefined();
  });

  it('names the character a font cannot draw, and the font', () => {
    expect(layersRefusal([layer({ text: 'HI 漢', font: 'oi' })], fontsOf)).toBe(
      'The font Oi cannot draw "漢"',
    );
  });

  it('refuses two layers with one id', () => {
    expect(layersRefusal([layer(), layer({ text: 'again' })], fontsOf)).toBe(
      'Two text layers share the id "a"',
    );
  });
});

describe('designTextLayer', () => {
  it('sets short words at the largest size, white with a black outline on a dark picture', () => {
    const designed = designTextLayer(fonts, 'WOW', 0.2);
    expect(designed).toMatchObject({
      text: 'WOW',
      font: DEFAULT_FONT,
      size: DESIGNED_SIZE.max,
      colour: '#ffffff',
      outline: { colour: '#000000', width: 20 },
      shadow: true,
      align: 'left',
      box: LAYER_TEXT_AREA.box,
    });
  });

  it('turns dark with a white outline over a light picture', () => {
    const designed = designTextLayer(fonts, 'WOW', LIGHT_BACKGROUND + 0.1);
    expect(designed).toMatchObject({ colour: '#111111', outline: { colour: '#ffffff' } });
  });

  it('sets long words smaller, never below the smallest size, and they fit the box at that size', () => {
    const text = 'THE ULTIMATE BEGINNER GUIDE TO SOURDOUGH BREAD AT HOME';
    const designed = designTextLayer(fonts, text, 0.5);
    if (!designed) throw new Error('nothing designed');
    expect(designed.size).toBeLessThan(DESIGNED_SIZE.max);
    expect(designed.size).toBeGreaterThanOrEqual(DESIGNED_SIZE.min);
    // Drawn at its own size: the layout keeps it, and its ink stays inside the box.
    const layout = layoutLayer(fonts, designed);
    expect(layout?.size).toBe(designed.size);
    const { box } = designed;
    expect(layout?.bounds.y).toBeGreaterThanOrEqual(box.y);
    expect((layout?.bounds.y ?? 0) + (layout?.bounds.height ?? 0)).toBeLessThanOrEqual(box.y + box.height);
    expect(layout?.bounds.width).toBeLessThanOrEqual(box.width);
  });

  it('keeps only the characters the font draws, so the layer can be edited as it is', () => {
    const designed = designTextLayer(fonts, 'GOOD 🔥 VIBES 漢', 0.2);
    expect(designed?.text).toBe('GOOD VIBES');
    expect(layersRefusal(designed ? [designed] : [], fontsOf)).toBeUndefined();
  });

  it("takes the brand kit's style, whatever lies under the area", () => {
    const kit = {
      font: 'oi',
      colour: '#ff0044',
      outline: { colour: '#00ccff', width: 2 },
      shadow: false,
    } as const;
    const designed = designTextLayer(oi, 'WOW', LIGHT_BACKGROUND + 0.1, kit);
    if (!designed) throw new Error('nothing designed');
    expect(designed).toEqual(
      expect.objectContaining({ ...styledLook(kit, designed.size), box: LAYER_TEXT_AREA.box }),
    );
  });

  it('designs nothing for words the font cannot draw at all', () => {
    expect(designTextLayer(fonts, '漢字', 0.5)).toBeUndefined();
  });
});
