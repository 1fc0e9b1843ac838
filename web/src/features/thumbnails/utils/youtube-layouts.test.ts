import { describe, expect, it } from 'vitest';
import {
  badgeRect,
  badgeWidth,
  DURATION_PATTERN,
  layoutsHidingBoxes,
  overlaps,
  scaleBox,
  sixteenByNine,
  YOUTUBE_LAYOUTS,
} from './youtube-layouts';

describe('the YouTube layouts', () => {
  it('are the home grid, search, up next and a phone feed, at the sizes YouTube draws', () => {
    expect(YOUTUBE_LAYOUTS.map(({ id, width, height }) => [id, width, height])).toEqual([
      ['home', 360, 202],
      ['search', 360, 202],
      ['up-next', 168, 94],
      ['phone', 390, 219],
    ]);
  });

  it('take 16:9 heights rounded down', () => {
    expect(sixteenByNine(1280)).toBe(720);
    expect(sixteenByNine(360)).toBe(202);
    expect(sixteenByNine(246)).toBe(138);
  });
});

describe('the duration badge', () => {
  it('is as wide as its digits and colons, plus padding', () => {
    expect(badgeWidth('1:23')).toBe(33);
    expect(badgeWidth('12:34')).toBe(40);
    expect(badgeWidth('1:02:03')).toBe(50);
  });

  it('sits 4 px in from the bottom-right corner, 18 px high', () => {
    expect(badgeRect(168, 94, '12:34')).toEqual({ x0: 124, y0: 72, x1: 164, y1: 90 });
    expect(badgeRect(390, 219, '12:34')).toEqual({ x0: 346, y0: 197, x1: 386, y1: 215 });
  });

  it('takes durations as YouTube writes them', () => {
    expect(['0:59', '12:34', '1:02:03'].every((text) => DURATION_PATTERN.test(text))).toBe(true);
    expect(['', '12', '1:2', 'ab:cd', '1:02:03:04'].some((text) => DURATION_PATTERN.test(text))).toBe(false);
  });
});

describe('what falls under the badge', () => {
  it('scales full-size boxes to a thumbnail', () => {
    expect(scaleBox({ x0: 640, y0: 360, x1: 1280, y1: 720 }, 320)).toEqual({
      x0: 160,
      y0: 90,
      x1: 320,
      y1: 180,
    });
  });

  it('counts shared area, not touching edges', () => {
    const a = { x0: 0, y0: 0, x1: 10, y1: 10 };
    expect(overlaps(a, { x0: 9, y0: 9, x1: 20, y1: 20 })).toBe(true);
    expect(overlaps(a, { x0: 10, y0: 0, x1: 20, y1: 10 })).toBe(false);
  });

  it('names every layout where a word in the bottom-right corner is covered', () => {
    const corner = { x0: 1100, y0: 640, x1: 1260, y1: 700 };
    expect(layoutsHidingBoxes([corner], '12:34').map((layout) => layout.id)).toEqual([
      'home',
      'search',
      'up-next',
      'phone',
    ]);
  });

  it('names only the small layouts when a box just reaches the badge there', () => {
    // The badge covers more of a small thumbnail: from x 945, y 549 of the full frame at 168 px; x 1124, y 640 at 360.
    const nearCorner = { x0: 900, y0: 560, x1: 1000, y1: 640 };
    expect(layoutsHidingBoxes([nearCorner], '12:34').map((layout) => layout.id)).toEqual(['up-next']);
  });

  it('names none for text elsewhere or no boxes at all', () => {
    expect(layoutsHidingBoxes([{ x0: 128, y0: 72, x1: 600, y1: 300 }], '12:34')).toEqual([]);
    expect(layoutsHidingBoxes([], '12:34')).toEqual([]);
  });
});
