import type { Font } from 'opentype.js';
import { frameSvg } from './scene-svg';
import { layoutText, type TextBox, textElements } from './text-paths';

/**
 * The thumbnail's text in its box, in `colour` on a black outline with a shadow. Over an image
 * the studio did not make (which may hold text of its own), a dark panel keeps it readable.
 */
export function textSvgOf(font: Font, text: string, box: TextBox, colour: string, panel: boolean): string {
  const layout = layoutText(font, text, box);
  if (!layout) return frameSvg('');
  const pad = Math.round(layout.size * 0.2);
  const { x, y, width, height } = layout.bounds;
  const backdrop = panel
    ? `<rect x="${Math.round(x - pad)}" y="${Math.round(y - pad)}" width="${Math.round(width + 2 * pad)}" height="${Math.round(height + 2 * pad)}" rx="${pad}" fill="#000000" fill-opacity="0.75"/>`
    : '';
  return frameSvg(backdrop + textElements(font, layout, { fill: colour, stroke: '#000000' }));
}
