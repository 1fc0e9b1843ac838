import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FONT_IDS, type FontId, type TextLayer } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { textLayer } from '../../tests/support/text-layer';
import {
  fontFiles,
  layersSvg,
  layoutLayer,
  missingCharacters,
  outlineWidthFor,
  parseFontStack,
  styledLook,
} from './index';

const require = createRequire(import.meta.url);
const stackOf = (id: FontId) =>
  parseFontStack(
    fontFiles(id).map((file) => {
      const bytes = readFileSync(require.resolve(file));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }),
  );
const stacks = new Map(await Promise.all(FONT_IDS.map(async (id) => [id, await stackOf(id)] as const)));
const fonts = (id: FontId) => {
  const stack = stacks.get(id);
  if (!stack) throw new Error(id);
  return stack;
};

const layer = (overrides: Partial<TextLayer> = {}): TextLayer =>
  textLayer({
    id: 'a',
    font: 'fira-sans-extra-condensed',
    box: { x: 100, y: 100, width: 800, height: 300 },
    ...overrides,
  });

describe('the shipped text fonts', () => {
  it.each(FONT_IDS)('%s draws accented Latin, Cyrillic and Greek', (id) => {
    for (const text of [
      'CAFÉ ÆRØ ŁÓDŹ ÇA VA Ñ ß',
      'ПРИВЕТ МИР ЁЖ',
      'ΕΛΛΆΔΑ ΓΕΙΑ ΣΟΥ',
      '!?.,:;\'"-–—&%+0123456789',
    ])
      expect(missingCharacters(fonts(id), text), text).toEqual([]);
  });

  it('names the characters no font file has, once each', () => {
    expect(missingCharacters(fonts('oi'), 'HI 🐱 漢 🐱')).toEqual(['🐱', '漢']);
  });
});

describe("a brand kit's style", () => {
  it('keeps its font, colour and shadow, and thickens an outline too thin to read at the size', () => {
    const style = {
      font: 'oi',
      colour: '#ff0044',
      outline: { colour: '#00ccff', width: 2 },
      shadow: false,
    } as const;
    expect(styledLook(style, 120)).toEqual({
      ...style,
      outline: { colour: '#00ccff', width: outlineWidthFor(120) },
    });
    expect(styledLook({ ...style, outline: { colour: '#00ccff', width: 30 } }, 120).outline?.width).toBe(30);
    expect(styledLook({ ...style, outline: null }, 120).outline).toBeNull();
  });
});

describe('a layer laid out', () => {
  it('keeps its size when the words fit, and shrinks to fit its box when they do not', () => {
    expect(layoutLayer(fonts('roboto-condensed'), layer())?.size).toBe(120);
    const long = layoutLayer(
      fonts('roboto-condensed'),
      layer({ text: 'A MUCH LONGER LINE OF WORDS THAN FITS' }),
    );
    expect(long?.size).toBeLessThan(120);
    const bounds = long?.bounds ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(400);
  });

  it('shrinks rather than split a word too wide for its box', () => {
    const narrow = layoutLayer(
      fonts('dela-gothic-one'),
      layer({ text: 'I SURVIVED', size: 200, box: { x: 100, y: 100, width: 420, height: 500 } }),
    );
    const lines = narrow?.lines.map((line) => line.text) ?? [];
    expect(lines.join(' ')).toBe('I SURVIVED');
    expect(lines.some((line) => line.split(' ').includes('SURVIVED'))).toBe(true);
    for (const line of narrow?.lines ?? []) expect(line.width).toBeLessThanOrEqual(420);
    expect(narrow?.size).toBeLessThan(200);
  });

  it('aligns each line left, centre or right in its box', () => {
    const lineOf = (align: TextLayer['align']) =>
      layoutLayer(fonts('inter-tight'), layer({ align }))?.lines[0];
    const left = lineOf('left');
    const right = lineOf('right');
    expect(left?.x).toBe(100);
    expect((right?.x ?? 0) + (right?.width ?? 0)).toBeCloseTo(900, 5);
    expect(lineOf('center')?.x).toBeCloseTo(100 + (800 - (left?.width ?? 0)) / 2, 5);
  });

  it('draws the layers in frame coordinates scaled to the base image, as outlines only', () => {
    const svg = layersSvg(
      (drawn) => fonts(drawn.font),
      [layer(), layer({ id: 'b', text: 'ΓΕΙΑ', outline: null, shadow: false })],
      1536,
      864,
    );
    expect(svg).toContain('width="1536" height="864" viewBox="0 0 1280 720"');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('NaN');
    // The first layer: shadow, outline and fill; the second: its fill alone.
    expect(svg.match(/<path /g)).toHaveLength(4);
  });
});
