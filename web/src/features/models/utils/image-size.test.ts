import { describe, expect, it } from 'vitest';
import { FIRST_PASS, SECOND_PASS } from './compress-image';
import { fitWithin } from './image-size';

describe('fitWithin', () => {
  it('scales a large landscape photo down to the box, keeping its aspect ratio', () => {
    expect(fitWithin(4000, 3000, FIRST_PASS)).toEqual({ width: 1440, height: 1080 });
    expect(fitWithin(3840, 2160, FIRST_PASS)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(6000, 2000, FIRST_PASS)).toEqual({ width: 1920, height: 640 });
    expect(fitWithin(4000, 3000, SECOND_PASS)).toEqual({ width: 960, height: 720 });
  });

  it('fits a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032, FIRST_PASS)).toEqual({ width: 810, height: 1080 });
    expect(fitWithin(1080, 1920, SECOND_PASS)).toEqual({ width: 405, height: 720 });
  });

  it('never enlarges a photo that already fits', () => {
    expect(fitWithin(800, 600, FIRST_PASS)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1920, 1080, FIRST_PASS)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(1280, 720, SECOND_PASS)).toEqual({ width: 1280, height: 720 });
  });

  it('rounds to whole pixels, never below 1, never over the box', () => {
    expect(fitWithin(1921, 1081, FIRST_PASS)).toEqual({ width: 1919, height: 1080 });
    expect(fitWithin(100_000, 10, FIRST_PASS)).toEqual({ width: 1920, height: 1 });
    for (const [width, height] of [
      [1999, 1333],
      [333, 4999],
      [2561, 1441],
    ] as const) {
      const size = fitWithin(width, height, SECOND_PASS);
      expect(size.width).toBeLessThanOrEqual(1280);
      expect(size.height).toBeLessThanOrEqual(720);
    }
  });

  it('refuses a size that is not an image', () => {
    expect(() => fitWithin(0, 100, FIRST_PASS)).toThrow();
    expect(() => fitWithin(Number.NaN, 100, FIRST_PASS)).toThrow();
  });
});
