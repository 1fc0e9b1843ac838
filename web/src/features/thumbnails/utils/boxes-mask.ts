import { LEGIBILITY_FRAME, type TextBox } from '@thumbnail-studio/contract';

/**
 * A region edit's mask painted from boxes of the full-size frame: a 1280x720 PNG data URL, opaque
 * white inside the boxes and transparent elsewhere (the server scales a mask to its image's size).
 */
export function boxesMask(boxes: readonly TextBox[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = LEGIBILITY_FRAME.width;
  canvas.height = LEGIBILITY_FRAME.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the area to change.');
  context.fillStyle = '#ffffff';
  for (const box of boxes) context.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  return canvas.toDataURL('image/png');
}
