import { getStroke } from 'perfect-freehand';
import type { Shape, Stroke } from './shapes';

/** The parts of a canvas's 2D context the painted area is drawn with. */
export type MaskContext = Pick<
  CanvasRenderingContext2D,
  | 'globalCompositeOperation'
  | 'fillStyle'
  | 'filter'
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'fill'
  | 'fillRect'
>;

/** How far a soft stroke's edge fades: this share of the brush's size. */
const SOFT_EDGE_SHARE = 0.12;

/**
 * A stroke's outline as perfect-freehand smooths it: an even line for a mouse or a finger, thinned
 * by a pen's pressure. `done`: the pointer has lifted, so the end is drawn round and final.
 */
export function strokeOutline(stroke: Stroke, done = true): number[][] {
  return getStroke(stroke.points, {
    size: stroke.size,
    thinning: stroke.pressure ? 0.6 : 0,
    smoothing: 0.5,
    streamline: 0.4,
    simulatePressure: false,
    last: done,
  });
}

/**
 * Draws shapes in order in `colour`: painted ones add to what is there, erasing ones cut it away
 * (their pixels become transparent). `live`: a stroke still being drawn, last.
 */
export function drawShapes(
  context: MaskContext,
  shapes: readonly Shape[],
  colour: string,
  live?: Stroke,
): void {
  for (const shape of live ? [...shapes, live] : shapes) {
    context.save();
    context.globalCompositeOperation = shape.mode === 'erase' ? 'destination-out' : 'source-over';
    context.fillStyle = colour;
    if (shape.kind === 'rect') {
      context.fillRect(shape.box.x, shape.box.y, shape.box.width, shape.box.height);
    } else {
      if (shape.soft) context.filter = `blur(${Math.max(1, shape.size * SOFT_EDGE_SHARE)}px)`;
      const outline = strokeOutline(shape, shape !== live);
      context.beginPath();
      outline.forEach(([x = 0, y = 0], index) => {
        if (index === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      });
      context.closePath();
      context.fill('nonzero');
    }
    context.restore();
  }
}
