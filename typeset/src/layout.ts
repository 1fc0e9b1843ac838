import { drawableText } from '@thumbnail-studio/providers';
import type { FontStack } from './stack';

/** Where a block of text may go: its box, and the largest and smallest sizes to try (px). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  align?: 'left' | 'center' | 'right';
}

/** More than this many characters never fit a thumbnail: the rest is cut before measuring. */
const MAX_CHARACTERS = 300;

/** Lines of thumbnail text sit close. */
export const LINE_HEIGHT = 1.08;
const ELLIPSIS = '…';

/**
 * The text as the layout reads it: accents composed onto their letters (marks left over are
 * dropped, since drawing them needs font features the outline parser cannot run), spaces squeezed,
 * characters nothing can draw (control characters, lone surrogates) left out.
 */
const normalised = (text: string): string[] =>
  [...drawableText(text).normalize('NFC').replace(/\p{M}/gu, '')].map((c) => (/\s/.test(c) ? ' ' : c));

/** The characters of `text` the font cannot draw (each once, in order): what a layer is refused for. */
export function missingCharacters(fonts: FontStack, text: string): string[] {
  return [...new Set(normalised(text).filter((c) => c !== ' ' && !fonts.hasChar(c)))];
}

/** The characters the font can draw (others, e.g. emoji or scripts it lacks, are left out), spaces squeezed. */
export function drawableWith(fonts: FontStack, text: string): string {
  return normalised(text)
    .filter((c) => c === ' ' || fonts.hasChar(c))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
}

/** A line's width at `size`, from each character's advance (no kerning: measured as drawn). */
export const lineWidth = (fonts: FontStack, line: string, size: number): number => {
  let ems = 0;
  for (const c of line) ems += fonts.advance(c);
  return ems * size;
};

/** Words into lines no wider than `maxWidth`, splitting a word that alone is too wide. */
export function wrapWords(text: string, maxWidth: number, widthOf: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const c of word) {
      if (line && widthOf(line + c) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += c;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextLayout {
  size: number;
  lines: { text: string; x: number; baseline: number; width: number }[];
  /** The ink's box: what covers the background. */
  bounds: { x: number; y: number; width: number; height: number };
}

/**
 * Lays the text out in the box: the largest size from `maxSize` down whose lines fit the box's
 * height with every word whole on its line (a word is split only at the smallest size); at the
 * smallest size, lines past the box are cut with an ellipsis. Undefined when the font draws none
 * of it.
 */
export function layoutText(fonts: FontStack, text: string, box: TextBox): TextLayout | undefined {
  const drawable = [...drawableWith(fonts, text)].slice(0, MAX_CHARACTERS).join('');
  if (!drawable) return undefined;
  const widthAt = (line: string, size: number) => lineWidth(fonts, line, size);
  const { capHeight } = fonts;
  const fits = (size: number, count: number) =>
    (count - 1) * size * LINE_HEIGHT + size * capHeight <= box.height;
  const wrapAt = (at: number) => wrapWords(drawable, box.width, (line) => widthAt(line, at));
  // Split mid-word ('SURV' above 'IVED'), the lines no longer join back into the words.
  const words = drawable.split(' ').filter(Boolean).join(' ');
  const whole = (candidate: string[]) => candidate.join(' ') === words;
  const fitsWhole = (at: number, candidate: string[]) => fits(at, candidate.length) && whole(candidate);
  let size = box.maxSize;
  let lines: string[] = [];
  for (; ; size = Math.max(box.minSize, Math.floor(size * 0.9))) {
    lines = wrapAt(size);
    if (fitsWhole(size, lines) || size === box.minSize) break;
  }
  // A line of one short word ("I" above "SURVIVED") reads badly: up to a third smaller, a size
  // without one is taken instead.
  const orphan = (candidate: string[]) =>
    candidate.length > 1 && candidate.some((line) => /^\S{1,2}$/.test(line));
  for (
    let smaller = Math.floor(size * 0.95);
    orphan(lines) && smaller >= Math.max(box.minSize, size * 0.67);
    smaller = Math.floor(smaller * 0.95)
  ) {
    const candidate = wrapAt(smaller);
    if (!orphan(candidate) && fitsWhole(smaller, candidate)) {
      size = smaller;
      lines = candidate;
    }
  }
  const maxLines = Math.max(1, Math.floor((box.height - size * capHeight) / (size * LINE_HEIGHT)) + 1);
  if (lines.length > maxLines) {
    let last = lines[maxLines - 1] ?? '';
    while (last && widthAt(last + ELLIPSIS, size) > box.width) last = [...last].slice(0, -1).join('');
    lines = [
      ...lines.slice(0, maxLines - 1),
      `${last.trimEnd()}${fonts.hasChar(ELLIPSIS) ? ELLIPSIS : '...'}`,
    ];
  }
  const blockHeight = (lines.length - 1) * size * LINE_HEIGHT + size * capHeight;
  const top = box.y + (box.height - blockHeight) / 2;
  const laid = lines.map((line, i) => {
    const width = widthAt(line, size);
    const free = box.width - width;
    const x = box.x + (box.align === 'center' ? free / 2 : box.align === 'right' ? free : 0);
    return { text: line, x, baseline: top + size * capHeight + i * size * LINE_HEIGHT, width };
  });
  const widest = Math.max(...laid.map((line) => line.width));
  const left = Math.min(...laid.map((line) => line.x));
  return { size, lines: laid, bounds: { x: left, y: top, width: widest, height: blockHeight } };
}

/** The laid-out text as one SVG path's data: glyph outlines, so no font is needed to draw it. */
export const pathDataOf = (fonts: FontStack, layout: TextLayout): string =>
  layout.lines.map((line) => fonts.pathData(line.text, line.x, line.baseline, layout.size)).join(' ');
