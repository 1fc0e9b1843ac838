import { LEGIBILITY_FRAME, type PixelBox, type TextBox } from '@thumbnail-studio/contract';

/** Whether a shape adds to the painted area or takes from it. */
export type PaintMode = 'paint' | 'erase';

/** One brush or eraser stroke, in the image's pixels. */
export interface Stroke {
  kind: 'stroke';
  mode: PaintMode;
  /** The pointer's path: x, y and the pen's pressure (0.5 for a mouse or a finger). */
  points: [number, number, number][];
  /** The brush's diameter. */
  size: number;
  /** Whether the pressure thins the line (a pen); a mouse or a finger draws it even. */
  pressure: boolean;
  /** Whether its edge fades out instead of stopping sharp. */
  soft: boolean;
}

/** A rectangle painted or erased whole, in the image's pixels. */
export interface RectShape {
  kind: 'rect';
  mode: PaintMode;
  box: PixelBox;
}

export type Shape = Stroke | RectShape;

/** An image's size in its own pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A box kept inside the image, in whole pixels (empty when it lies outside). */
export function clampBox(box: PixelBox, { width, height }: ImageSize): PixelBox {
  const x0 = Math.max(0, Math.round(box.x));
  const y0 = Math.max(0, Math.round(box.y));
  const x1 = Math.min(width, Math.round(box.x + box.width));
  const y1 = Math.min(height, Math.round(box.y + box.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** A face box of the likeness check (in the 1280x720 frame) in the image's own pixels. */
function faceInImage(face: TextBox, image: ImageSize): PixelBox {
  const sx = image.width / LEGIBILITY_FRAME.width;
  const sy = image.height / LEGIBILITY_FRAME.height;
  return {
    x: face.x0 * sx,
    y: face.y0 * sy,
    width: (face.x1 - face.x0) * sx,
    height: (face.y1 - face.y0) * sy,
  };
}

/** 'Select the face': the face boxes the likeness check found, painted. */
export function faceShapes(faces: readonly TextBox[], image: ImageSize): RectShape[] {
  return faces.map((face) => ({
    kind: 'rect',
    mode: 'paint',
    box: clampBox(faceInImage(face, image), image),
  }));
}

/**
 * Roughly the head and shoulders around a face: the face grown by a quarter of its width on each
 * side and half its height above, and below it the shoulders, three face widths across, down to
 * two and a half face heights under the chin.
 */
export function headAndShoulders(face: PixelBox, image: ImageSize): PixelBox[] {
  const head = {
    x: face.x - face.width / 4,
    y: face.y - face.height / 2,
    width: face.width * 1.5,
    height: face.height * 1.5,
  };
  const centre = face.x + face.width / 2;
  const chin = face.y + face.height;
  const shoulders = {
    x: centre - face.width * 1.6,
    y: chin - face.height / 10,
    width: face.width * 3.2,
    height: face.height * 2.6,
  };
  return [clampBox(head, image), clampBox(shoulders, image)];
}

/** 'Select the background': the whole image but each face's head and shoulders. */
export function backgroundShapes(faces: readonly TextBox[], image: ImageSize): RectShape[] {
  const everything: RectShape = { kind: 'rect', mode: 'paint', box: { x: 0, y: 0, ...image } };
  const people = faces.flatMap((face) => headAndShoulders(faceInImage(face, image), image));
  return [everything, ...people.map((box): RectShape => ({ kind: 'rect', mode: 'erase', box }))];
}
