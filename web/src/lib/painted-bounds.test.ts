import { describe, expect, it } from 'vitest';
import { paintedBounds } from './painted-bounds';

/** A width x height mask with the listed pixels painted at `alpha`. */
const mask = (width: number, height: number, painted: [number, number][], alpha = 255) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of painted) data[(y * width + x) * 4 + 3] = alpha;
  return { data, width, height };
};

describe('paintedBounds', () => {
  it('is null when nothing is painted', () => {
    expect(paintedBounds(mask(8, 4, []))).toBeNull();
  });

  it('holds every painted pixel, however faint', () => {
    expect(
      paintedBounds(
        mask(
          10,
          6,
          [
            [2, 1],
            [7, 4],
            [5, 3],
          ],
          1,
        ),
      ),
    ).toEqual({ x: 2, y: 1, width: 6, height: 4 });
  });

  it('reaches the last row and column', () => {
    expect(paintedBounds(mask(5, 3, [[4, 2]]))).toEqual({ x: 4, y: 2, width: 1, height: 1 });
  });
});
