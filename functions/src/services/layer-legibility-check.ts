import { LAYER_FRAME, type Legibility, type TextLayer } from '@thumbnail-studio/contract';
import { type FontStack, type LayerPaint, paintLayer } from '@thumbnail-studio/typeset';
import { judgeLayers, type LayerFacts, luminance } from '../core/layer-legibility';
import { loadFontStack } from '../lib/fonts';
import { loadSharp } from '../lib/sharp';

/** The base is sampled at a quarter of the frame: finer than the feed, and quick. */
const SAMPLE = { width: LAYER_FRAME.width / 4, height: LAYER_FRAME.height / 4 };

/** Linear light of each 0–255 sRGB channel value: a pixel's luminance is three look-ups. */
const LINEAR = Array.from({ length: 256 }, (_, value) => luminance([value, 0, 0]) / 0.2126);

/**
 * The relative luminances of the base's pixels under a layer's letters and just around them
 * (the letters drawn with a rim a tenth of their size, or their outline's width).
 */
async function backdropOf(base: Buffer, paint: LayerPaint): Promise<number[]> {
  const sharp = await loadSharp();
  const rim = Math.max(paint.stroke?.width ?? 0, paint.layout.size / 10);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE.width}" height="${SAMPLE.height}" viewBox="0 0 ${LAYER_FRAME.width} ${LAYER_FRAME.height}" preserveAspectRatio="none"><path d="${paint.d}" fill="#fff" stroke="#fff" stroke-width="${rim}" stroke-linejoin="round"/></svg>`;
  const mask = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
  const under: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if ((mask[i] ?? 0) < 128) continue;
    const [r = 0, g = 0, b = 0] = base.subarray(i * 3, i * 3 + 3);
    under.push(0.2126 * (LINEAR[r] ?? 0) + 0.7152 * (LINEAR[g] ?? 0) + 0.0722 * (LINEAR[b] ?? 0));
  }
  return under;
}

/** An image's layers and the fonts they use, with the base image they are drawn over. */
export interface LayeredImage {
  /** The textless base, any size (its pixels are sampled in the 1280x720 frame). */
  base: Uint8Array;
  layers: readonly TextLayer[];
}

/**
 * A second opinion on one layer: true when it clearly fails to read (OCR of the finished image,
 * in layer-ocr.ts, kept apart so what judges an edit's layers loads no OCR).
 */
export type SecondOpinion = (
  paint: LayerPaint,
  capHeight: number,
  layer: TextLayer,
  signal?: AbortSignal,
) => Promise<boolean>;

/**
 * How an image's text layers read at feed size, judged from what is known (see judgeLayers): each
 * layer's laid-out size, the base's pixels under its letters, its place. With `secondOpinion`,
 * each layer is also asked about (it can only turn a pass into a warning).
 */
export async function checkLayerLegibility(
  { base, layers }: LayeredImage,
  secondOpinion?: SecondOpinion,
  signal?: AbortSignal,
  fontsOf: (layer: TextLayer) => Promise<FontStack> = (layer) => loadFontStack(layer.font),
): Promise<Legibility> {
  const sharp = await loadSharp();
  const sampled = await sharp(base)
    .resize(SAMPLE.width, SAMPLE.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const facts: LayerFacts[] = [];
  for (const layer of layers) {
    signal?.throwIfAborted();
    const fonts = await fontsOf(layer);
    const paint = paintLayer(fonts, layer);
    facts.push({
      layer,
      fonts,
      backdrop: paint ? await backdropOf(sampled, paint) : [],
      ocrFails: paint && secondOpinion ? await secondOpinion(paint, fonts.capHeight, layer, signal) : false,
    });
  }
  return judgeLayers(facts);
}
