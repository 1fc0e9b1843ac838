import {
  type BrandTextStyle,
  LAYER_FONT_SIZE,
  LAYER_FRAME,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { layoutText, pathDataOf, type TextLayout } from './layout';
import type { FontStack } from './stack';

/** How a layer's text is painted: its outlines, fill, outline stroke and soft shadow. */
export interface LayerPaint {
  layout: TextLayout;
  /** The glyph outlines as SVG path data, in frame pixels. */
  d: string;
  fill: string;
  stroke: { colour: string; width: number } | null;
  /** A black copy of the text (fill and stroke) offset down-right by `offset`, blurred by `blur` (a Gaussian's σ). */
  shadow: { offset: number; blur: number; opacity: number } | null;
}

/**
 * Where a layer's text lands: at its size, wrapped to its box, and smaller only when its words
 * need that to fit the box's height. Undefined when the font draws none of it.
 */
export const layoutLayer = (fonts: FontStack, layer: TextLayer): TextLayout | undefined =>
  layoutText(fonts, layer.text, {
    ...layer.box,
    maxSize: layer.size,
    minSize: Math.min(layer.size, LAYER_FONT_SIZE.min),
    align: layer.align,
  });

/** The outline thickness that reads on a thumbnail: a tenth of the text's size, at least 4 px. */
export const outlineWidthFor = (size: number): number => Math.max(4, Math.round(size / 10));

/**
 * A brand kit's text style for a layer set at `size`: its font, colour and shadow, and its outline
 * never thinner than reads at feed size (`outlineWidthFor`).
 */
export const styledLook = (
  style: BrandTextStyle,
  size: number,
): Pick<TextLayer, 'font' | 'colour' | 'outline' | 'shadow'> => ({
  ...style,
  outline: style.outline && { ...style.outline, width: Math.max(style.outline.width, outlineWidthFor(size)) },
});

/** The soft shadow thumbnail text casts: down and right by an 18th of its size, blurred by a 24th. */
export const shadowFor = (size: number): NonNullable<LayerPaint['shadow']> => ({
  offset: Math.round(size / 18),
  blur: Math.round(size / 24),
  opacity: 0.6,
});

/** Everything needed to paint a layer, the same in the server's renderer and the editor's canvas. */
export function paintLayer(fonts: FontStack, layer: TextLayer): LayerPaint | undefined {
  const layout = layoutLayer(fonts, layer);
  if (!layout) return undefined;
  const { outline } = layer;
  return {
    layout,
    d: pathDataOf(fonts, layout),
    fill: layer.colour,
    stroke: outline && outline.width > 0 ? { colour: outline.colour, width: outline.width } : null,
    shadow: layer.shadow ? shadowFor(layout.size) : null,
  };
}

/**
 * A painted layer as SVG elements: the shadow, the outline and the fill, all the same outlines.
 * `id` must be unique in the document (it names the shadow's filter).
 */
export function paintElements(paint: LayerPaint, id: string): string {
  const { d, stroke, shadow } = paint;
  const strokeAttributes = (colour: string, width: number) =>
    `stroke="${colour}" stroke-width="${width}" stroke-linejoin="round"`;
  const parts: string[] = [];
  if (shadow) {
    const width = stroke?.width ?? 0;
    parts.push(
      `<filter id="${id}-shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="${shadow.blur}"/></filter>`,
      `<path d="${d}" transform="translate(${shadow.offset} ${shadow.offset})" fill="#000" fill-opacity="${shadow.opacity}"${width ? ` stroke-opacity="${shadow.opacity}" ${strokeAttributes('#000', width)}` : ''} filter="url(#${id}-shadow)"/>`,
    );
  }
  if (stroke) parts.push(`<path d="${d}" fill="none" ${strokeAttributes(stroke.colour, stroke.width)}/>`);
  parts.push(`<path d="${d}" fill="${paint.fill}"/>`);
  return parts.join('\n');
}

/**
 * The layers as one transparent SVG `width` x `height` (the base image's size), drawn in frame
 * coordinates and scaled to it: composited over the base, it is the finished thumbnail.
 */
export function layersSvg(
  fontsOf: (layer: TextLayer) => FontStack,
  layers: readonly TextLayer[],
  width: number,
  height: number,
): string {
  const elements = layers.flatMap((layer, i) => {
    const paint = paintLayer(fontsOf(layer), layer);
    return paint ? [paintElements(paint, `layer-${i}`)] : [];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${LAYER_FRAME.width} ${LAYER_FRAME.height}" preserveAspectRatio="none">${elements.join('\n')}</svg>`;
}
