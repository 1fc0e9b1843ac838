import type { Legibility, TextBox } from '@thumbnail-studio/contract';
import { distance } from 'fastest-levenshtein';
import { quotedText } from './quoted-text';

/** Where a thumbnail is read: as made, then at the two sizes the YouTube feed shows it. */
export const READING_SIZES = [
  { width: 1280, height: 720 },
  { width: 246, height: 138 },
  { width: 168, height: 94 },
] as const;

/** A box in the full-size image's pixels. */
export type Box = TextBox;

/** A word as OCR read it, with its confidence (0–100) and where it sits. */
export interface ReadWord {
  text: string;
  confidence: number;
  box: Box;
}

/** Words OCR finds on its own count as the thumbnail's text only when it is this sure of them. */
const FOUND_TEXT_CONFIDENCE = 70;
/** A size reads when at least this share of the words is read back there. */
const WORDS_READ_SHARE = 0.8;

/** The verdict on an image with no text to check: nothing more is said. */
export const NOTHING_TO_CHECK: Legibility = {
  text: '',
  sizes: [],
  reads_at_feed_size: true,
  hard_to_read: [],
  boxes: [],
};

/** Upper-case letters and digits only: how words are compared. */
export const normalize = (word: string) => word.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A word read back matches one expected when at most one letter in four differs, or when it holds
 * the expected word whole: OCR often runs outlined words together ('BIGIWIN' for "BIG WIN").
 */
export const sameWord = (expected: string, read: string) =>
  distance(expected, read) <= Math.floor(expected.length / 4) ||
  (expected.length >= 3 && read.includes(expected));

/**
 * The words to look for: the text the creator asked for in quotes, else the words OCR is sure
 * it reads at full size (text the model added). None: there is no text to check.
 */
export function wordsToCheck(prompt: string, fullSize: ReadWord[]): string[] {
  const asked = quotedText(prompt);
  if (asked)
    return asked
      .split(/\s+/)
      .map(normalize)
      .filter((word) => word.length >= 2);
  // Found words once each: the image may have been read more than once.
  const found = fullSize
    .filter((word) => word.confidence >= FOUND_TEXT_CONFIDENCE)
    .map((word) => normalize(word.text));
  return [...new Set(found.filter((word) => word.length >= 2))];
}

/** The area of a 3x3 grid a box's centre falls in: 'top left', 'centre', 'bottom'… */
export function areaOf(box: Box, width: number, height: number): string {
  const column = Math.min(2, Math.floor(((box.x0 + box.x1) / 2 / width) * 3));
  const row = Math.min(2, Math.floor(((box.y0 + box.y1) / 2 / height) * 3));
  const vertical = ['top', '', 'bottom'][row];
  const horizontal = ['left', '', 'right'][column];
  return [vertical, horizontal].filter(Boolean).join(' ') || 'centre';
}

/**
 * Where each word to check sits at full size: the box of the first word read there that
 * matches it. A word not read even at full size has no place (and reads nowhere).
 */
export function locateWords(expected: string[], fullSize: ReadWord[]): (Box | undefined)[] {
  return expected.map((word) => fullSize.find((read) => sameWord(word, normalize(read.text)))?.box);
}

/**
 * How the thumbnail's text reads at each size, from what OCR read there (`readings`, in the
 * order of READING_SIZES, the full size first): a size reads when most of `expected` is read
 * back; the areas named are where the words missed at a feed size sit at full size, and `boxes`
 * where every word found at full size sits (the preview warns when one is under the duration
 * badge). With no words to check, `text` is empty.
 */
export function judgeLegibility(expected: string[], readings: ReadWord[][]): Legibility {
  if (expected.length === 0) return NOTHING_TO_CHECK;
  const needed = Math.ceil(expected.length * WORDS_READ_SHARE);
  const missedAt = readings.map((words) => {
    const read = words.map((word) => normalize(word.text));
    return expected.filter((word) => !read.some((candidate) => sameWord(word, candidate)));
  });
  const sizes = READING_SIZES.map((size, i) => ({
    ...size,
    reads: expected.length - (missedAt[i]?.length ?? expected.length) >= needed,
  }));
  const missedInFeed = expected.filter((word) => missedAt.slice(1).some((missed) => missed.includes(word)));
  const { width, height } = READING_SIZES[0];
  const boxes = locateWords(expected, readings[0] ?? []).filter((box) => box !== undefined);
  const hardToRead = locateWords(missedInFeed, readings[0] ?? [])
    .filter((box) => box !== undefined)
    .map((box) => areaOf(box, width, height));
  return {
    text: expected.join(' '),
    sizes,
    reads_at_feed_size: sizes.slice(1).every((size) => size.reads),
    hard_to_read: [...new Set(hardToRead)],
    boxes: boxes.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 })),
  };
}
