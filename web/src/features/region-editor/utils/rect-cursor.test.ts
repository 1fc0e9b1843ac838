import { describe, expect, it } from 'vitest';
import { initialRectCursor, isCursorKey, moveRectCursor } from './rect-cursor';

const IMAGE = { width: 1280, height: 720 };
const STEP = 32;

describe("the keyboard's rectangle", () => {
  it('starts as a quarter of the image in its middle', () => {
    expect(initialRectCursor(IMAGE)).toEqual({ x: 480, y: 270, width: 320, height: 180 });
  });

  it('arrows move it a step', () => {
    const start = initialRectCursor(IMAGE);
    expect(moveRectCursor(start, 'ArrowRight', false, IMAGE)).toEqual({ ...start, x: start.x + STEP });
    expect(moveRectCursor(start, 'ArrowUp', false, IMAGE)).toEqual({ ...start, y: start.y - STEP });
  });

  it('Shift+arrows size it: right and down grow it, left and up shrink it', () => {
    const start = initialRectCursor(IMAGE);
    expect(moveRectCursor(start, 'ArrowRight', true, IMAGE)).toEqual({ ...start, width: start.width + STEP });
    expect(moveRectCursor(start, 'ArrowDown', true, IMAGE)).toEqual({
      ...start,
      height: start.height + STEP,
    });
    expect(moveRectCursor(start, 'ArrowLeft', true, IMAGE)).toEqual({ ...start, width: start.width - STEP });
  });

  it('stays inside the image and at least a step across', () => {
    const corner = { x: 1200, y: 0, width: 80, height: 40 };
    expect(moveRectCursor(corner, 'ArrowRight', false, IMAGE)).toEqual(corner);
    expect(moveRectCursor(corner, 'ArrowUp', false, IMAGE)).toEqual(corner);
    expect(moveRectCursor(corner, 'ArrowRight', true, IMAGE)).toEqual(corner);
    const small = { x: 0, y: 0, width: STEP, height: STEP };
    expect(moveRectCursor(small, 'ArrowLeft', true, IMAGE)).toEqual(small);
  });

  it('only arrows are its keys', () => {
    expect(isCursorKey('ArrowDown')).toBe(true);
    expect(isCursorKey('Enter')).toBe(false);
  });
});
