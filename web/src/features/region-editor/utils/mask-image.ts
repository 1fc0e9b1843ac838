import { paintedBounds } from '../../../lib/painted-bounds';
import { drawShapes } from './draw-mask';
import type { ImageSize, Shape } from './shapes';

/** The mask's colour where painted: opaque white (only its alpha is read). */
const MASK_COLOUR = '#ffffff';
/** Whether anything is painted is checked on a copy this many pixels wide, so it stays quick. */
const CHECK_WIDTH = 320;

function canvasOf({ width, height }: ImageSize) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the painted area.');
  return { canvas, context };
}

/**
 * The painted area as a send's mask: a PNG data URL the image's size, opaque where painted and
 * transparent elsewhere.
 */
export function maskDataUrl(shapes: readonly Shape[], image: ImageSize): string {
  const { canvas, context } = canvasOf(image);
  drawShapes(context, shapes, MASK_COLOUR);
  return canvas.toDataURL('image/png');
}

/** Whether the shapes leave anything painted (erasing can take all of it away again). */
export function isPainted(shapes: readonly Shape[], image: ImageSize): boolean {
  if (!shapes.some((shape) => shape.mode === 'paint')) return false;
  const scale = Math.min(1, CHECK_WIDTH / image.width);
  const small = { width: Math.ceil(image.width * scale), height: Math.ceil(image.height * scale) };
  const { context } = canvasOf(small);
  context.scale(scale, scale);
  drawShapes(context, shapes, MASK_COLOUR);
  return paintedBounds(context.getImageData(0, 0, small.width, small.height)) !== null;
}
