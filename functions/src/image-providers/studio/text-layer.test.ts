import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FONT } from '@thumbnail-studio/contract';
import { drawableWith, layoutText, lineWidth, wrapWords } from '@thumbnail-studio/typeset';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadFontStack } from '../../lib/fonts';
import { HEIGHT, WIDTH } from './layout';
import { textSvgOf } from './text-layer';

const run = promisify(execFile);
const font = await loadFontStack(DEFAULT_FONT);
const box = { x: 100, y: 100, width: 600, height: 400, maxSize: 160, minSize: 60 };

describe('text as outlines of the shipped default font', () => {
  it('draws no <text>: every glyph is a path, so no system font is consulted', () => {
    const svg = textSvgOf(font, 'SPACE CAT', box, '#ffffff', true);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('font-family');
    expect(svg).toMatch(/<path d="M[\d.\s-]+/);
  });

  it('fits the text in its box, shrinking before it wraps further, and cuts what cannot fit', () => {
    const short = layoutText(font, 'WOW', box);
    expect(short?.size).toBe(160);
    const long = layoutText(font, 'THUMBNAIL '.repeat(40), box);
    expect(long?.size).toBe(60);
    for (const layout of [short, long]) {
      const b = layout?.bounds ?? { x: 0, y: 0, width: 0, height: 0 };
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
      expect(b.y).toBeGreaterThanOrEqual(box.y);
      expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
    }
    expect(long?.lines.at(-1)?.text.endsWith('…')).toBe(true);
  });

  it('avoids a line of one short word when a somewhat smaller size has none', () => {
    const lines = layoutText(font, 'I SURVIVED', { ...box, width: 700, maxSize: 200 })?.lines ?? [];
    expect(lines.map((line) => line.text)).toEqual(['I SURVIVED']);
  });

  it('leaves out what the font cannot draw, and draws nothing when nothing is left', () => {
    expect(drawableWith(font, 'Hi 🐱\u0007 there\n')).toBe('Hi there');
    expect(drawableWith(font, 'Cafe\u0301 Z\u0351\u0300A')).toBe('Café ZA');
    expect(layoutText(font, '🐱🐶', box)).toBeUndefined();
  });

  it('wraps words to the width and splits a word too long for a line', () => {
    const lines = wrapWords('SUPERCALIFRAGILISTIC WORDS HERE', 300, (line) => lineWidth(font, line, 100));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('').replace(/\s/g, '')).toBe('SUPERCALIFRAGILISTICWORDSHERE');
  });

  it('renders the text where fontconfig knows no font at all (as in Lambda)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-fonts-'));
    const config = join(dir, 'fonts.conf');
    writeFileSync(config, `<?xml version="1.0"?>\n<fontconfig><cachedir>${dir}</cachedir></fontconfig>\n`);
    // fontconfig reads its configuration once per process, so the render runs in a fresh one.
    const script = `
      const { createThumbnail } = await import(${JSON.stringify(new URL('./studio.ts', import.meta.url).pathname)});
      const sharp = (await import('sharp')).default;
      const png = await createThumbnail('"HELLO WORLD"', [], []);
      const { data } = await sharp(png).removeAlpha().extract({ left: 154, top: 86, width: 1229, height: 691 }).raw().toBuffer({ resolveWithObject: true });
      let white = 0;
      for (let i = 0; i < data.length; i += 3) if (data[i] > 235 && data[i + 1] > 235 && data[i + 2] > 235) white++;
      console.log(white / (data.length / 3));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, FONTCONFIG_FILE: config, FONTCONFIG_PATH: dir },
    });
    expect(Number(stdout.trim())).toBeGreaterThan(0.03);
  }, 30_000);

  it('draws the text with a black outline and a soft shadow down and to the right', async () => {
    const text = 'BIG WIN';
    const layout = layoutText(font, text, box);
    if (!layout) throw new Error('no layout');
    // White text on a mid grey: the outline is the black round the white, the shadow the grey
    // darkened below the letters and not above them.
    const grey = 128;
    const { data } = await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: grey, g: grey, b: grey } },
    })
      .composite([{ input: Buffer.from(textSvgOf(font, text, box, '#ffffff', false)) }])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const level = (x: number, y: number) => data[(Math.round(y) * WIDTH + Math.round(x)) * 3] ?? 0;
    const { x, y, width, height } = layout.bounds;
    let white = 0;
    let black = 0;
    for (let row = y; row < y + height; row += 2)
      for (let col = x; col < x + width; col += 2) {
        const value = level(col, row);
        if (value > 245) white++;
        else if (value < 20) black++;
      }
    expect(white).toBeGreaterThan(0);
    // The outline is a tenth of the size thick on every edge of every letter.
    expect(black / white).toBeGreaterThan(0.25);
    const bandMean = (top: number) => {
      let sum = 0;
      let count = 0;
      for (let row = top; row < top + 6; row++)
        for (let col = x + width * 0.1; col < x + width * 0.9; col += 2) {
          sum += level(col, row);
          count++;
        }
      return sum / count;
    };
    const stroke = layout.size / 20;
    const below = bandMean(y + height + stroke + 2);
    const above = bandMean(y - stroke - 8);
    expect(above).toBeGreaterThan(grey - 4);
    expect(below).toBeLessThan(above - 10);
  });
});
