import {
  type FontStack,
  layoutText,
  outlineWidthFor,
  paintElements,
  pathDataOf,
  shadowFor,
  type TextBox,
} from '@thumbnail-studio/typeset';
import { frameSvg } from './scene-svg';

/**
 * The thumbnail's text in its box, in `colour` on a black outline with a shadow. Over an image
 * the studio did not make (which may hold text of its own), a dark panel keeps it readable.
 */
export function textSvgOf(
  fonts: FontStack,
  text: string,
  box: TextBox,
  colour: string,
  panel: boolean,
): string {
  const layout = layoutText(fonts, text, box);
  if (!layout) return frameSvg('');
  const pad = Math.round(layout.size * 0.2);
  const { x, y, width, height } = layout.bounds;
  const backdrop = panel
    ? `<rect x="${Math.round(x - pad)}" y="${Math.round(y - pad)}" width="${Math.round(width + 2 * pad)}" height="${Math.round(height + 2 * pad)}" rx="${pad}" fill="#000000" fill-opacity="0.75"/>`
    : '';
  const paint = {
    layout,
    d: pathDataOf(fonts, layout),
    fill: colour,
    stroke: { colour: '#000000', width: outlineWidthFor(layout.size) },
    shadow: shadowFor(layout.size),
  };
  return frameSvg(backdrop + paintElements(paint, 'text'));
}
