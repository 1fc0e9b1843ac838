import { SAFE_ZONE } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { fitBox, nudgeBox, snapBox } from './snap';

const size = { width: 200, height: 100 };

describe('snapping a dragged text box', () => {
  it('sticks its left edge to the safe zone within reach, and says which guide', () => {
    expect(snapBox({ ...size, x: SAFE_ZONE.x0 + 9, y: 200 })).toEqual({
      x: SAFE_ZONE.x0,
      y: 200,
      guides: [{ axis: 'x', at: SAFE_ZONE.x0 }],
    });
  });

  it('centres it on the frame, on both axes', () => {
    expect(snapBox({ ...size, x: 545, y: 305 })).toEqual({
      x: 540,
      y: 310,
      guides: [
        { axis: 'x', at: 640 },
        { axis: 'y', at: 360 },
      ],
    });
  });

  it('sticks its right and bottom edges to the safe zone', () => {
    const snapped = snapBox({ ...size, x: SAFE_ZONE.x1 - 200 + 5, y: SAFE_ZONE.y1 - 100 - 7 });
    expect(snapped).toMatchObject({ x: SAFE_ZONE.x1 - 200, y: SAFE_ZONE.y1 - 100 });
  });

  it('leaves a box far from every guide where it is, and keeps it inside the frame', () => {
    expect(snapBox({ ...size, x: 300, y: 200 })).toEqual({ x: 300, y: 200, guides: [] });
    expect(snapBox({ ...size, x: -50, y: 900 })).toMatchObject({ x: 0, y: 620 });
  });
});

describe('nudging and resizing', () => {
  it('moves by the arrow keys but never out of the frame', () => {
    expect(nudgeBox({ ...size, x: 10, y: 10 }, -10, 1)).toEqual({ x: 0, y: 11 });
    expect(nudgeBox({ ...size, x: 1075, y: 10 }, 10, 0)).toEqual({ x: 1080, y: 10 });
  });

  it('keeps a resized box whole, inside the frame and no smaller than the minimum', () => {
    expect(fitBox({ x: 1200.4, y: -3, width: 300, height: 5 })).toEqual({
      x: 1200,
      y: 0,
      width: 80,
      height: 24,
    });
  });
});
