import { describe, expect, it } from 'vitest';
import { RasterContext } from '../../../test/raster-context';
import { drawShapes } from './draw-mask';
import { backgroundShapes, faceShapes, type Shape, type Stroke } from './shapes';

const IMAGE = { width: 128, height: 72 };

const stroke = (overrides: Partial<Stroke> = {}): Stroke => ({
  kind: 'stroke',
  mode: 'paint',
  points: [
    [20, 36, 0.5],
    [40, 36, 0.5],
    [60, 36, 0.5],
    [80, 36, 0.5],
  ],
  size: 12,
  pressure: false,
  soft: false,
  ...overrides,
});

const draw = (shapes: Shape[], live?: Stroke) => {
  const context = new RasterContext(IMAGE.width, IMAGE.height);
  drawShapes(context, shapes, '#fff', live);
  return context;
};

describe('drawing the painted area', () => {
  it('a brush stroke paints along its path, as wide as the brush, and nothing far from it', () => {
    const mask = draw([stroke()]);
    expect(mask.isPainted(50, 36)).toBe(true);
    expect(mask.isPainted(50, 36 + 4)).toBe(true);
    expect(mask.isPainted(50, 36 + 9)).toBe(false);
    expect(mask.isPainted(100, 36)).toBe(false);
    expect(mask.isPainted(50, 10)).toBe(false);
  });

  it('a single tap paints a dot', () => {
    const mask = draw([stroke({ points: [[30, 30, 0.5]] })]);
    expect(mask.isPainted(30, 30)).toBe(true);
    expect(mask.count()).toBeLessThan(12 * 12);
  });

  it('a stroke still being drawn shows too', () => {
    expect(draw([], stroke()).isPainted(50, 36)).toBe(true);
  });

  it('the eraser takes away only what it crosses', () => {
    const eraser = stroke({
      mode: 'erase',
      points: [
        [50, 10, 0.5],
        [50, 60, 0.5],
      ],
      size: 8,
    });
    const mask = draw([stroke(), eraser]);
    expect(mask.isPainted(50, 36)).toBe(false);
    expect(mask.isPainted(30, 36)).toBe(true);
    expect(mask.isPainted(70, 36)).toBe(true);
  });

  it('a rectangle paints exactly its box', () => {
    const mask = draw([{ kind: 'rect', mode: 'paint', box: { x: 10, y: 20, width: 30, height: 10 } }]);
    expect(mask.count()).toBe(300);
    expect(mask.isPainted(10, 20)).toBe(true);
    expect(mask.isPainted(39, 29)).toBe(true);
    expect(mask.isPainted(40, 29)).toBe(false);
  });

  it("'Select the face' paints the face boxes, measured in the 1280x720 frame, at the image's size", () => {
    const face = { x0: 640, y0: 200, x1: 840, y1: 400 };
    const mask = draw(faceShapes([face], IMAGE));
    expect(mask.count()).toBe(20 * 20);
    expect(mask.isPainted(64, 20)).toBe(true);
    expect(mask.isPainted(83, 39)).toBe(true);
    expect(mask.isPainted(63, 20)).toBe(false);
  });

  it("'Select the background' paints everything but each face's head and shoulders", () => {
    const face = { x0: 560, y0: 160, x1: 720, y1: 320 };
    const mask = draw(backgroundShapes([face], IMAGE));
    // The face (56..72 x 16..32 here), above it, and the shoulders below stay unpainted.
    expect(mask.isPainted(64, 24)).toBe(false);
    expect(mask.isPainted(64, 10)).toBe(false);
    expect(mask.isPainted(50, 45)).toBe(false);
    // The corners and the sides far from the person are painted.
    for (const [x, y] of [
      [0, 0],
      [127, 0],
      [0, 71],
      [127, 71],
      [20, 30],
      [110, 30],
    ] as const) {
      expect(mask.isPainted(x, y), `${x},${y}`).toBe(true);
    }
  });

  it("'Select the background' of two faces keeps both people", () => {
    const faces = [
      { x0: 160, y0: 160, x1: 320, y1: 320 },
      { x0: 960, y0: 160, x1: 1120, y1: 320 },
    ];
    const mask = draw(backgroundShapes(faces, IMAGE));
    expect(mask.isPainted(24, 24)).toBe(false);
    expect(mask.isPainted(104, 24)).toBe(false);
    expect(mask.isPainted(64, 10)).toBe(true);
  });
});
