export { FONT_PACKAGES, fontFiles } from './fonts';
export {
  type LayerPaint,
  layersSvg,
  layoutLayer,
  outlineWidthFor,
  paintElements,
  paintLayer,
  shadowFor,
  styledLook,
} from './layers';
export {
  drawableWith,
  LINE_HEIGHT,
  layoutText,
  lineWidth,
  missingCharacters,
  pathDataOf,
  type TextBox,
  type TextLayout,
  wrapWords,
} from './layout';
export { type FontStack, fontStackOf, parseFontStack } from './stack';
