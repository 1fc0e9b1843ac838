/** The largest size an image may be drawn at. */
export interface SizeLimit {
  maxWidth: number;
  maxHeight: number;
}

/**
 * The size to draw a `width` x `height` image at so it fits within the limit: the aspect ratio is kept
 * and the image is never enlarged. Sizes are whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, { maxWidth, maxHeight }: SizeLimit) {
  if (!(width > 0 && height > 0)) throw new Error(`Not an image size: ${width}x${height}`);
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
