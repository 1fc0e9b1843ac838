import {
  type BrandTextStyle,
  DEFAULT_FONT,
  type FontId,
  LAYER_TEXT_AREA,
  MAX_LAYER_TEXT,
  TEXT_FONTS,
  type TextLayer,
} from '@thumbnail-studio/contract';
import {
  drawableWith,
  type FontStack,
  layoutText,
  missingCharacters,
  outlineWidthFor,
  styledLook,
} from '@thumbnail-studio/typeset';

/**
 * Why a set of layers cannot be drawn, beyond what the contract checks: two layers with one id,
 * or a character the layer's font has no outline for (named, so the creator can change it).
 * Undefined when every layer can be drawn as written.
 */
export function layersRefusal(
  layers: readonly TextLayer[],
  fontsOf: (font: FontId) => FontStack,
): string | undefined {
  const ids = new Set<string>();
  for (const layer of layers) {
    if (ids.has(layer.id)) return `Two text layers share the id "${layer.id}"`;
    ids.add(layer.id);
    const missing = missingCharacters(fontsOf(layer.font), layer.text);
    if (missing.length > 0) return `The font ${TEXT_FONTS[layer.font]} cannot draw "${missing.join('')}"`;
  }
  return undefined;
}

/** The sizes a new image's text is set at: the largest that fits its area, never below the smallest. */
export const DESIGNED_SIZE = { max: 200, min: 72 } as const;

/** Above this mean luminance (0 dark to 1 light) under the text's area, the text is dark on light. */
export const LIGHT_BACKGROUND = 0.75;

/**
 * The layer a new image's quoted text is drawn as: in the area the provider was asked to keep
 * clear, at the largest size that fits it, left aligned. With the creator's brand kit `style`, in
 * its font, colour, outline (never thinner than reads at feed size) and shadow. Without one, in
 * the default font with an outline and a shadow, white with a black outline unless what lies
 * under the area is light (`luminance`, its mean from 0 to 1), where it is near-black with a white
 * outline. Undefined when the font draws none of the words; characters it cannot draw are left out.
 */
export function designTextLayer(
  fonts: FontStack,
  text: string,
  luminance: number,
  style?: BrandTextStyle,
): TextLayer | undefined {
  const { box } = LAYER_TEXT_AREA;
  // Characters the font lacks (emoji, other scripts) are left out: the layer holds what is drawn.
  const words = drawableWith(fonts, text).slice(0, MAX_LAYER_TEXT).trim();
  if (!words) return undefined;
  const layout = layoutText(fonts, words, {
    ...box,
    maxSize: DESIGNED_SIZE.max,
    minSize: DESIGNED_SIZE.min,
    align: 'left',
  });
  if (!layout) return undefined;
  const light = luminance > LIGHT_BACKGROUND;
  const look: Pick<TextLayer, 'font' | 'colour' | 'outline' | 'shadow'> = style
    ? styledLook(style, layout.size)
    : {
        font: DEFAULT_FONT,
        colour: light ? '#111111' : '#ffffff',
        outline: { colour: light ? '#ffffff' : '#000000', width: outlineWidthFor(layout.size) },
        shadow: true,
      };
  return { id: 'text-1', text: words, size: layout.size, ...look, align: 'left', box: { ...box } };
}
