import type { PixelBox } from '@thumbnail-studio/contract';
import { clampBox, type ImageSize } from './shapes';

/** How far one arrow key moves or sizes the keyboard's rectangle: this share of the image's width. */
const STEP_SHARE = 1 / 40;

/** The rectangle the keyboard starts with: a quarter of the image each way, in its middle. */
export function initialRectCursor({ width, height }: ImageSize): PixelBox {
  return clampBox(
    { x: width * 0.375, y: height * 0.375, width: width / 4, height: height / 4 },
    { width, height },
  );
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether a key moves or sizes the keyboard's rectangle. */
export const isCursorKey = (key: string) => key in DIRECTIONS;

/**
 * The keyboard's rectangle after an arrow key: moved by a step, or with Shift sized by a step
 * (Right and Down grow it, Left and Up shrink it), always at least a step across and inside the
 * image.
 */
export function moveRectCursor(cursor: PixelBox, key: string, resize: boolean, image: ImageSize): PixelBox {
  const [dx, dy] = DIRECTIONS[key] ?? [0, 0];
  const step = Math.max(1, Math.round(image.width * STEP_SHARE));
  if (resize) {
    const width = Math.min(image.width - cursor.x, Math.max(step, cursor.width + dx * step));
    const height = Math.min(image.height - cursor.y, Math.max(step, cursor.height + dy * step));
    return { ...cursor, width, height };
  }
  const x = Math.min(image.width - cursor.width, Math.max(0, cursor.x + dx * step));
  const y = Math.min(image.height - cursor.height, Math.max(0, cursor.y + dy * step));
  return { ...cursor, x, y };
}
