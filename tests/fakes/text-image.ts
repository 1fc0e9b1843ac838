import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const fontFile = readFileSync(require.resolve('@fontsource/anton/files/anton-latin-400-normal.woff'));
const font = opentype.parse(
  fontFile.buffer.slice(fontFile.byteOffset, fontFile.byteOffset + fontFile.byteLength),
);

/** One line of text on a test thumbnail: its words, size in pixels, and where its baseline starts. */
export interface TextLine {
  text: string;
  size: number;
  x: number;
  y: number;
}

/**
 * A 1536x864 PNG (a provider's size) that looks like a thumbnail: a dark background, an orange
 * disc on the right, and `lines` of white text with a black stroke, drawn as paths from the
 * shipped Anton font so it looks the same on every machine.
 */
export function thumbnailWithText(lines: TextLine[]): Promise<Buffer> {
  const paths = lines.map(({ text, size, x, y }) => font.getPath(text, x, y, size).toPathData(1));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="864">
    <rect width="1536" height="864" fill="#1d2b53"/><circle cx="1200" cy="300" r="180" fill="#ff8a00"/>
    ${paths.map((d) => `<path d="${d}" fill="#ffffff" stroke="#000000" stroke-width="4"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Big words on the left that read at every size, and a small line at the bottom right that does not. */
export const BIG_TEXT: TextLine[] = [{ text: 'BIG WIN', size: 220, x: 160, y: 520 }];
export const SMALL_TEXT: TextLine[] = [
  { text: 'SAVE', size: 220, x: 160, y: 360 },
  { text: 'watch until the end for tips', size: 56, x: 880, y: 820 },
];
