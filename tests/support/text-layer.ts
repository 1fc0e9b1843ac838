import type { TextLayer } from '@thumbnail-studio/contract';

/**
 * A text layer as the renderer sets one (white on a black outline a tenth of its size, a shadow,
 * in the left of the safe zone), with `overrides`: the one builder of test layers for the backend
 * and the web.
 */
export const textLayer = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: 'l1',
  text: 'BIG WIN',
  font: 'inter-tight',
  size: 120,
  colour: '#ffffff',
  outline: { colour: '#000000', width: 12 },
  shadow: true,
  align: 'left',
  box: { x: 64, y: 72, width: 640, height: 400 },
  ...overrides,
});
