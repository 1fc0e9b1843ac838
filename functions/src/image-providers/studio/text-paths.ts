import { drawableText } from '@thumbnail-studio/providers';
import type { Font } from 'opentype.js';

/** Where a block of text may go: its box, and the largest and smallest sizes to try (px). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  align?: 'left' | 'center';
}

export interface TextStyle {
  fill: string;
  stroke: string;
}

/** More than this many characters never fit a thumbnail: the rest is cut before measuring. */
const MAX_CHARACTERS = 300;

/**
 * A line's width at `size`, from each character's advance (kept per font): without kerning,
 * which only narrows lines, so measured lines still fit; and cheap, where shaping every
 * candidate line took seconds for long text.
 */
function measurer(font: Font): (line: string, size: number) => number {
  const advances = new Map<string, number>();
  return (line, size) => {
    let units = 0;
    for (const c of line) {
      let advance = advances.get(c);
      if (advance === undefined) {
        advance = font.charToGlyph(c).advanceWidth ?? 0;
        advances.set(c, advance);
      }
      units += advance;
    }
    return (units * size) / font.unitsPerEm;
  };
}

/** Anton's lines sit close, as on most thumbnails. */
const LINE_HEIGHT = 1.08;
const ELLIPSIS = '…';

/**
 * The characters the font can draw (others, e.g. emoji or scripts it lacks, are left out), spaces
 * squeezed. Accents are composed onto their letters; marks left over are dropped, since drawing
 * them runs font features opentype.js cannot run.
 */
export function drawableWith(font: Font, text: string): string {
  return [...drawableText(text).normalize('NFC').replace(/\p{M}/gu, '')]
    .map((c) => (/\s/.test(c) ? ' ' : c))
    .filter((c) => c === ' ' || font.hasChar(c))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
}

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
 * height; at the smallest size, lines past the box are cut with an ellipsis. Undefined when the
 * font draws none of it.
 */
export function layoutText(font: Font, text: string, box: TextBox): TextLayout | undefined {
  const drawable = [...drawableWith(font, text)].slice(0, MAX_CHARACTERS).join('');
  if (!drawable) return undefined;
  const widthAt = measurer(font);
  const capHeight = (font.charToGlyph('H').getBoundingBox().y2 || font.unitsPerEm * 0.7) / font.unitsPerEm;
  const fits = (size: number, count: number) =>
    (count - 1) * size * LINE_HEIGHT + size * capHeight <= box.height;
  const wrapAt = (at: number) => wrapWords(drawable, box.width, (line) => widthAt(line, at));
  let size = box.maxSize;
  let lines: string[] = [];
  for (; ; size = Math.max(box.minSize, Math.floor(size * 0.9))) {
    lines = wrapAt(size);
    if (fits(size, lines.length) || size === box.minSize) break;
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
    if (!orphan(candidate) && fits(smaller, candidate.length)) {
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
      `${last.trimEnd()}${font.hasChar(ELLIPSIS) ? ELLIPSIS : '...'}`,
    ];
  }
  const blockHeight = (lines.length - 1) * size * LINE_HEIGHT + size * capHeight;
  const top = box.y + (box.height - blockHeight) / 2;
  const laid = lines.map((line, i) => {
    const width = widthAt(line, size);
    const x = box.align === 'center' ? box.x + (box.width - width) / 2 : box.x;
    return { text: line, x, baseline: top + size * capHeight + i * size * LINE_HEIGHT, width };
  });
  const widest = Math.max(...laid.map((line) => line.width));
  const left = Math.min(...laid.map((line) => line.x));
  return { size, lines: laid, bounds: { x: left, y: top, width: widest, height: blockHeight } };
}

/** The laid-out text as one SVG path's data: glyph outlines, so no font is needed to draw it. */
export const pathDataOf = (font: Font, layout: TextLayout): string =>
  layout.lines
    .map((line) => font.getPath(line.text, line.x, line.baseline, layout.size).toPathData(1))
    .join(' ');

/**
 * Thumbnail text as SVG elements: a soft shadow, a thick outline and the fill, all the same
 * outlines. `id` must be unique in the document (it names the shadow's filter).
 */
export function textElements(font: Font, layout: TextLayout, style: TextStyle, id = 'text'): string {
  const d = pathDataOf(font, layout);
  const stroke = Math.max(4, Math.round(layout.size / 10));
  const offset = Math.round(layout.size / 18);
  return `<filter id="${id}-shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="${Math.round(layout.size / 24)}"/></filter>
<path d="${d}" transform="translate(${offset} ${offset})" fill="#000" fill-opacity="0.6" stroke="#000" stroke-opacity="0.6" stroke-width="${stroke}" stroke-linejoin="round" filter="url(#${id}-shadow)"/>
<path d="${d}" fill="none" stroke="${style.stroke}" stroke-width="${stroke}" stroke-linejoin="round"/>
<path d="${d}" fill="${style.fill}"/>`;
}
