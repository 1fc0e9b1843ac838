import * as z from 'zod/mini';

/**
 * Region edits: the creator paints the part of an image to change, and only that part changes.
 * The painted area travels as a mask: a PNG the size of the image, opaque where painted and
 * transparent elsewhere (a mask of another size is scaled to the image's).
 */

/**
 * How far, in the edited image's pixels, the painted area's edge is softened when the provider's
 * answer is put back over the original. Every pixel further than this from the painted area is
 * the original's, bit for bit.
 */
export const REGION_FEATHER_PX = 4;

/**
 * What a provider that edits a crop (Gemini) is sent: the painted area's bounding box grown by
 * this share of its longer side on every side, at least `REGION_CROP_MIN_MARGIN_PX`, within the
 * image.
 */
export const REGION_CROP_MARGIN = 0.25;
export const REGION_CROP_MIN_MARGIN_PX = 32;

/** Longest mask a send may carry as a data URL (an upload key is far shorter). */
export const MAX_MASK_LENGTH = 3_000_000;

/** What a creator reads when a mask is refused; nothing is reserved or stored then. */
export const REGION_TEXTS = {
  emptyMask: 'Paint the area to change first',
  notPng: 'The painted area must be a PNG image.',
  needsImage: 'Choose the image to change first',
  tooLarge: 'The painted area is too large to send.',
} as const;

/** A send's mask: a `data:image/png;base64,` URL or the key of the caller's own PNG upload. */
export const maskSchema = z
  .string()
  .check(z.minLength(1, REGION_TEXTS.emptyMask), z.maxLength(MAX_MASK_LENGTH, REGION_TEXTS.tooLarge));

/** A rectangle of an image in its own pixels, left and top inclusive. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of an image a crop-editing provider is sent for a painted area whose bounding box is
 * `bounds`: the box grown by its margin on every side, kept inside the image, in whole pixels.
 */
export function regionCropBox(bounds: PixelBox, image: { width: number; height: number }): PixelBox {
  const margin = Math.max(
    REGION_CROP_MIN_MARGIN_PX,
    Math.round(REGION_CROP_MARGIN * Math.max(bounds.width, bounds.height)),
  );
  const x0 = Math.max(0, Math.floor(bounds.x - margin));
  const y0 = Math.max(0, Math.floor(bounds.y - margin));
  const x1 = Math.min(image.width, Math.ceil(bounds.x + bounds.width + margin));
  const y1 = Math.min(image.height, Math.ceil(bounds.y + bounds.height + margin));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}
