import { type FontId, LAYER_FRAME, type TextLayer } from '@thumbnail-studio/contract';
import type { LayerPaint } from '@thumbnail-studio/typeset';
import { type ReadMode, readWords } from '../adapters/text-reader';
import { normalize, sameWord } from '../core/legibility';
import { loadSharp } from '../lib/sharp';
import type { SecondOpinion } from './layer-legibility-check';

/** Room kept around a layer's ink when it is cut out for OCR, as a share of its font size. */
const CUT_MARGIN = 0.3;
/** Display faces whose letterforms (Oi's swollen blobs) the OCR model never learnt: it reads none of them. */
const UNTRAINED_FONTS = new Set<FontId>(['oi']);
/** The English model reads Latin letters only: other scripts get no second opinion. */
const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u;

/** OCR reads best with capitals about this many pixels high: each layer's cut is scaled to it. */
const OCR_CAP_PIXELS = 40;

/**
 * OCR's second opinion on one layer: whether it clearly fails, reading none of the layer's words
 * in the layer's own region of the full-size composite, read as it is, in stretched greys and as
 * the fill colour alone (a one-line layer also as a single word). Not asked about text the
 * English model cannot read (other scripts, or letterforms far from any it learnt) or with no
 * word of three letters (OCR of one or two letters is guesswork).
 */
async function ocrFails(
  frame: Buffer,
  paint: LayerPaint,
  capHeight: number,
  { text, font }: TextLayer,
  signal?: AbortSignal,
): Promise<boolean> {
  const words = text
    .split(/\s+/)
    .map(normalize)
    .filter((word) => word.length >= 2);
  if (!words.some((word) => word.length >= 3) || !LATIN_ONLY.test(text) || UNTRAINED_FONTS.has(font))
    return false;
  const sharp = await loadSharp();
  const { x, y, width, height } = paint.layout.bounds;
  const margin = paint.layout.size * CUT_MARGIN + (paint.stroke?.width ?? 0);
  const left = Math.max(0, Math.floor(x - margin));
  const top = Math.max(0, Math.floor(y - margin));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(LAYER_FRAME.width - left, Math.ceil(width + 2 * margin))),
    height: Math.max(1, Math.min(LAYER_FRAME.height - top, Math.ceil(height + 2 * margin))),
  };
  const scale = Math.min(2, OCR_CAP_PIXELS / (paint.layout.size * capHeight));
  const cut = sharp(frame)
    .extract(region)
    .resize(Math.max(1, Math.round(region.width * scale)), Math.max(1, Math.round(region.height * scale)))
    .removeAlpha();
  const fill = [1, 3, 5].map((at) => Number.parseInt(paint.fill.slice(at, at + 2), 16));
  const oneLine = paint.layout.lines.length === 1;
  const readings: (readonly [() => Promise<Buffer>, ReadMode])[] = [
    [() => cut.clone().png().toBuffer(), 'page'],
    [() => cut.clone().greyscale().normalise().png().toBuffer(), 'page'],
    [() => fillAlone(cut.clone(), fill), 'page'],
    // Page layout finds no text in a short line on grain; read as one word, it does.
    ...(oneLine ? ([[() => fillAlone(cut.clone(), fill), 'word']] as const) : []),
  ];
  for (const [reading, mode] of readings) {
    signal?.throwIfAborted();
    const read = (await readWords(await reading(), mode)).map((found) => normalize(found.text));
    // Read whole too: a word the layout broke over two lines comes back in two pieces.
    const candidates = [...read, read.join('')];
    if (words.some((word) => candidates.some((candidate) => sameWord(word, candidate)))) return false;
  }
  return true;
}

/** Black where a pixel is near the fill colour, white elsewhere: the letters alone, as OCR likes them. */
async function fillAlone(image: import('sharp').Sharp, [r = 0, g = 0, b = 0]: number[]): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const mask = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < mask.length; i++) {
    const at = i * info.channels;
    const near =
      Math.abs((data[at] ?? 0) - r) + Math.abs((data[at + 1] ?? 0) - g) + Math.abs((data[at + 2] ?? 0) - b);
    mask[i] = near < 96 ? 0 : 255;
  }
  return sharp(mask, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * OCR's second opinion on the layers of a finished image (`composite`, any size): each layer's
 * own region of it, read back (see ocrFails).
 */
export async function ocrOpinionOf(composite: Uint8Array): Promise<SecondOpinion> {
  const sharp = await loadSharp();
  const frame = await sharp(composite)
    .resize(LAYER_FRAME.width, LAYER_FRAME.height, { fit: 'fill' })
    .png()
    .toBuffer();
  return (paint, capHeight, layer, signal) => ocrFails(frame, paint, capHeight, layer, signal);
}
