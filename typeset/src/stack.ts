/// <reference path="./opentype.d.ts" />
import type { Font, PathCommand } from 'opentype.js';

/**
 * One text font made of several files (one per script subset): each character is drawn from the
 * first file that has it. Widths are in ems, so subsets of different resolutions mix.
 */
export interface FontStack {
  /** The height of a capital (H) as a share of the font size. */
  readonly capHeight: number;
  hasChar(char: string): boolean;
  /** A character's advance as a share of the font size (0 for one no file has). */
  advance(char: string): number;
  /** A line's glyph outlines as SVG path data, starting at `x` on `baseline`. */
  pathData(text: string, x: number, baseline: number, size: number): string;
}

/** A tenth of a pixel is finer than any screen or encoder shows. */
const coordinate = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * Outline commands as SVG path data. Written here rather than by the parser's own writer, whose
 * rounding turns coordinates a hair off a whole number into NaN.
 */
function pathData(commands: readonly PathCommand[]): string {
  return commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${coordinate(command.x)} ${coordinate(command.y)}`;
        case 'Q':
          return `Q${[command.x1, command.y1, command.x, command.y].map(coordinate).join(' ')}`;
        case 'C':
          return `C${[command.x1, command.y1, command.x2, command.y2, command.x, command.y].map(coordinate).join(' ')}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/** A stack over parsed fonts, looked up in the order given. */
export function fontStackOf(fonts: readonly Font[]): FontStack {
  const [first] = fonts;
  if (!first) throw new Error('A font stack needs at least one font');
  const owners = new Map<string, Font | null>();
  const owner = (char: string): Font | null => {
    let found = owners.get(char);
    if (found === undefined) {
      found = fonts.find((font) => font.hasChar(char)) ?? null;
      owners.set(char, found);
    }
    return found;
  };
  const advances = new Map<string, number>();
  const advance = (char: string): number => {
    let em = advances.get(char);
    if (em === undefined) {
      const font = owner(char);
      em = font ? (font.charToGlyph(char).advanceWidth ?? 0) / font.unitsPerEm : 0;
      advances.set(char, em);
    }
    return em;
  };
  const capHeight = (first.charToGlyph('H').getBoundingBox().y2 || first.unitsPerEm * 0.7) / first.unitsPerEm;
  return {
    capHeight,
    hasChar: (char) => owner(char) !== null,
    advance,
    // Glyph by glyph, each at the advance the layout measured: what is drawn is exactly what was
    // measured (no kerning or ligatures, which differ between subset files).
    pathData(text, x, baseline, size) {
      const parts: string[] = [];
      let at = x;
      for (const char of text) {
        const font = owner(char);
        if (font && char !== ' ') {
          const d = pathData(font.charToGlyph(char).getPath(at, baseline, size).commands);
          if (d) parts.push(d);
        }
        at += advance(char) * size;
      }
      return parts.join(' ');
    },
  };
}

/**
 * A stack from the font files' bytes (WOFF or TTF), in lookup order. The parser is loaded with
 * the first stack, not before, so code that only lays out measured text never loads it.
 */
export async function parseFontStack(files: readonly ArrayBuffer[]): Promise<FontStack> {
  const opentype = await import('opentype.js');
  // The package's ESM build exports the parser by name; older typings only know `parse`.
  const parse = opentype.parse ?? (opentype as unknown as { default: typeof opentype }).default.parse;
  return fontStackOf(files.map((bytes) => parse(bytes)));
}
