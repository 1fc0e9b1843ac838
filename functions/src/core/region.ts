import { type PixelBox, REGION_FEATHER_PX } from '@thumbnail-studio/contract';

/** A mask as the region edit works with it: one byte per pixel, 255 where painted, 0 elsewhere. */
export interface MaskPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Which pixels are painted in a mask's painting channel (its alpha, or its grey where it has no
 * alpha): at least half strength. Answers the mask and the painted area's bounding box (undefined:
 * nothing is painted).
 */
export function paintedMask(
  channel: Uint8Array,
  width: number,
  height: number,
): { mask: MaskPixels; bounds: PixelBox | undefined } {
  const data = new Uint8Array(width * height);
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((channel[i] ?? 0) < 128) continue;
      data[i] = 255;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const bounds = x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  return { mask: { data, width, height }, bounds };
}

/**
 * The painted area grown by `radius` pixels in every direction (a disc, by straight-line
 * distance): the only pixels a region edit may change. Pixels further than `radius` from every
 * painted pixel stay 0.
 */
export function grownMask({ data, width, height }: MaskPixels, radius = REGION_FEATHER_PX): Uint8Array {
  const grown = new Uint8Array(data.length);
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++)
      if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] !== 255) continue;
      for (const [dx, dy] of offsets) {
        const gx = x + dx;
        const gy = y + dy;
        if (gx >= 0 && gx < width && gy >= 0 && gy < height) grown[gy * width + gx] = 255;
      }
    }
  }
  return grown;
}

/**
 * The weight (0-255) of the edit at each pixel: the softened mask, never more than the grown
 * mask allows, so the edge fades over the feather and nothing beyond it changes.
 */
export function featherWeights(softened: Uint8Array, grown: Uint8Array): Uint8Array {
  const weights = new Uint8Array(softened.length);
  for (let i = 0; i < softened.length; i++) weights[i] = grown[i] === 255 ? (softened[i] ?? 0) : 0;
  return weights;
}

/**
 * `answer` put over `source` (raw pixels of the same size and channels) by `weights`: each
 * channel `(answer × w + source × (255 − w)) / 255`, rounded, so a weight of 0 keeps the source's
 * byte exactly and 255 takes the answer's.
 */
export function blendByWeights(
  source: Uint8Array,
  answer: Uint8Array,
  weights: Uint8Array,
  channels: number,
): Uint8Array {
  const out = new Uint8Array(source.length);
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p] ?? 0;
    for (let c = 0; c < channels; c++) {
      const i = p * channels + c;
      const s = source[i] ?? 0;
      out[i] =
        w === 0 ? s : w === 255 ? (answer[i] ?? 0) : Math.round(((answer[i] ?? 0) * w + s * (255 - w)) / 255);
    }
  }
  return out;
}
