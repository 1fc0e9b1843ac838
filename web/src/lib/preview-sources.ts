import type { ImageSource } from '@thumbnail-studio/contract';

/**
 * How wide the image is drawn, for choosing among the preview widths: the chat column
 * (at most 768 px, less its padding and the bubble's) or, on narrow screens, the screen less those.
 */
export const PREVIEW_SIZES = '(min-width: 760px) 710px, calc(100vw - 50px)';

/** The previews grouped by type, each as a `srcset` of its widths drawn at `sizes`. */
export function previewSources(images: ImageSource[], sizes: string = PREVIEW_SIZES) {
  const types = [...new Set(images.map((image) => image.type))];
  return types.map((type) => ({
    type,
    srcSet: images
      .filter((image) => image.type === type)
      .map((image) => `${image.url} ${image.width}w`)
      .join(', '),
    sizes,
  }));
}
