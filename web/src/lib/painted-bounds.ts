import type { PixelBox } from '@thumbnail-studio/contract';

/** Pixels as a canvas reads them: RGBA, four bytes each, row after row. */
export interface RgbaPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/**
 * The smallest box holding every painted pixel of a mask (any alpha above zero), in its pixels;
 * null when nothing is painted.
 */
export function paintedBounds({ data, width, height }: RgbaPixels): PixelBox | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}
