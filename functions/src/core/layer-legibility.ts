import {
  BADGE_CORNER,
  LAYER_FRAME,
  type Legibility,
  type Rect,
  SAFE_ZONE,
  type TextBox,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { type FontStack, layoutLayer, outlineWidthFor, type TextLayout } from '@thumbnail-studio/typeset';
import { areaOf, NOTHING_TO_CHECK, READING_SIZES } from './legibility';

/**
 * A capital needs about 7 pixels of height to keep its shape: 5x7 is the smallest grid in which
 * every Latin capital stays distinct (the dot-matrix and LED faces), and anti-aliased heavy display
 * type needs no less. At 168x94 that is a capital 53 px high in the 1280x720 frame.
 */
export const MIN_CAP_PIXELS = 7;
/**
 * The least contrast (WCAG ratio) between letters and what they are read against: WCAG's floor for
 * large or bold text, which thumbnail text always is (heavy display faces).
 */
export const MIN_CONTRAST = 3;
/** Letters drawn straight on the picture read when at least this share of what lies under them contrasts. */
export const BACKDROP_SHARE = 0.9;
/**
 * An outline separates the letters from the picture once it is a pixel wide at 168x94: then the
 * letters are read against it, whatever lies beyond.
 */
export const MIN_OUTLINE_WIDTH = Math.ceil(LAYER_FRAME.width / READING_SIZES[2].width);

/**
 * What the verdict knows of a layer: the layer, its font, and the relative luminances (0–1) of
 * the base image's pixels under and just around its letters (sampled by the service). `ocrFails`:
 * OCR, the second opinion, clearly could not read the layer's words even at full size.
 */
export interface LayerFacts {
  layer: TextLayer;
  fonts: FontStack;
  backdrop: readonly number[];
  ocrFails?: boolean;
}

/** How one layer reads: at each of READING_SIZES, and why not where it does not. */
export interface LayerJudgement {
  layout: TextLayout | undefined;
  reads: boolean[];
  small: boolean[];
  lowContrast: boolean;
  underBadge: boolean;
  ocrFails: boolean;
}

/** The relative luminance (0–1, WCAG) of a `#rrggbb` colour or of 0–255 sRGB channels. */
export function luminance(colour: string | readonly [number, number, number]): number {
  const channels =
    typeof colour === 'string'
      ? [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))
      : colour;
  const [r = 0, g = 0, b = 0] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio (1–21) of two relative luminances. */
export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Black or white, whichever stands out more against a colour of luminance `against`. */
export const contrastingColour = (against: number) =>
  contrastRatio(against, 0) >= contrastRatio(against, 1) ? '#000000' : '#ffffff';

/** Whether the layer's outline is wide enough to be what its letters are read against. */
const outlineCounts = (layer: TextLayer) => (layer.outline?.width ?? 0) >= MIN_OUTLINE_WIDTH;

/** Whether the letters stand out: from their outline when it counts, else from the picture under them. */
function contrasts(layer: TextLayer, backdrop: readonly number[]): boolean {
  const fill = luminance(layer.colour);
  if (layer.outline && outlineCounts(layer))
    return contrastRatio(fill, luminance(layer.outline.colour)) >= MIN_CONTRAST;
  if (backdrop.length === 0) return true;
  const standing = backdrop.filter((under) => contrastRatio(fill, under) >= MIN_CONTRAST).length;
  return standing >= backdrop.length * BACKDROP_SHARE;
}

/** The ink of each laid-out line (cap top to baseline, with the outline's visible half), in frame pixels. */
export function lineBoxes(layout: TextLayout, fonts: FontStack, layer: TextLayer): Rect[] {
  const rim = (layer.outline?.width ?? 0) / 2;
  const cap = layout.size * fonts.capHeight;
  return layout.lines.map((line) => ({
    x0: line.x - rim,
    y0: line.baseline - cap - rim,
    x1: line.x + line.width + rim,
    y1: line.baseline + rim,
  }));
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** How a layer reads at each size: big enough there, standing out, clear of the badge (feed sizes only). */
export function judgeLayer({ layer, fonts, backdrop, ocrFails = false }: LayerFacts): LayerJudgement {
  const layout = layoutLayer(fonts, layer);
  const cap = (layout?.size ?? 0) * fonts.capHeight;
  const small = READING_SIZES.map((size) => (cap * size.width) / LAYER_FRAME.width < MIN_CAP_PIXELS);
  const lowContrast = !contrasts(layer, backdrop);
  const underBadge = layout
    ? lineBoxes(layout, fonts, layer).some((box) => overlaps(box, BADGE_CORNER))
    : false;
  const reads = READING_SIZES.map((_, i) => !small[i] && !lowContrast && !ocrFails && !(i > 0 && underBadge));
  return { layout, reads, small, lowContrast, underBadge, ocrFails };
}

/**
 * The verdict on an image whose text is layers, in the shape the chat reads: a size reads when
 * every layer does; the areas named are the layers lost at a feed size; `boxes` the layers' ink;
 * `readable_layers` the layers as 'Make it readable' sets them.
 */
export function judgeLayers(facts: readonly LayerFacts[]): Legibility {
  if (facts.length === 0) return NOTHING_TO_CHECK;
  const judged = facts.map((fact) => ({ fact, judgement: judgeLayer(fact) }));
  const sizes = READING_SIZES.map((size, i) => ({
    ...size,
    reads: judged.every(({ judgement }) => judgement.reads[i]),
  }));
  const { width, height } = LAYER_FRAME;
  const inkOf = ({ judgement }: (typeof judged)[number]): TextBox | undefined => {
    if (!judgement.layout) return undefined;
    const { x, y, width: w, height: h } = judgement.layout.bounds;
    return { x0: x, y0: y, x1: x + w, y1: y + h };
  };
  const lost = judged.filter(({ judgement }) => judgement.reads.slice(1).some((reads) => !reads));
  return {
    text: facts.map((fact) => fact.layer.text).join(' '),
    sizes,
    reads_at_feed_size: sizes.slice(1).every((size) => size.reads),
    hard_to_read: [
      ...new Set(lost.flatMap((one) => inkOf(one) ?? []).map((box) => areaOf(box, width, height))),
    ],
    boxes: judged.flatMap((one) => inkOf(one) ?? []),
    readable_layers: judged.map(({ fact, judgement }) => makeReadable(fact, judgement)),
  };
}

/** The size at which a font's capitals are MIN_CAP_PIXELS high at the smallest feed size. */
const readableSize = (fonts: FontStack) =>
  Math.ceil((MIN_CAP_PIXELS * LAYER_FRAME.width) / (READING_SIZES[2].width * fonts.capHeight));

const toRect = ({ x, y, width, height }: TextLayer['box']): Rect => ({
  x0: x,
  y0: y,
  x1: x + width,
  y1: y + height,
});
const toBox = ({ x0, y0, x1, y1 }: Rect): TextLayer['box'] => ({
  x: x0,
  y: y0,
  width: x1 - x0,
  height: y1 - y0,
});

/** Widens [lo, hi] by `by` inside [min, max], from the side `anchor` says stays put where it can. */
function widen(
  lo: number,
  hi: number,
  by: number,
  min: number,
  max: number,
  anchor: 'start' | 'middle' | 'end',
) {
  const before = anchor === 'start' ? 0 : anchor === 'end' ? by : by / 2;
  let [from, to] = [lo - before, hi + by - before];
  if (from < min) [from, to] = [min, to + min - from];
  if (to > max) [from, to] = [from - (to - max), max];
  return [Math.max(min, from), Math.min(max, to)] as const;
}

/**
 * The layer at `size`, its box grown (step by step, inside the safe zone or as far as the box
 * already reached) until its words fit at that size, or as close as the room allows.
 */
function grownTo(fonts: FontStack, layer: TextLayer, size: number): TextLayer {
  const box = toRect(layer.box);
  const room = {
    x0: Math.min(SAFE_ZONE.x0, box.x0),
    y0: Math.min(SAFE_ZONE.y0, box.y0),
    x1: Math.max(SAFE_ZONE.x1, box.x1),
    y1: Math.max(SAFE_ZONE.y1, box.y1),
  };
  const anchor = ({ left: 'start', center: 'middle', right: 'end' } as const)[layer.align];
  let grown = { ...layer, size };
  for (let step = 0; (layoutLayer(fonts, grown)?.size ?? size) < size && step < 40; step++) {
    const { x0, y0, x1, y1 } = toRect(grown.box);
    if (x0 <= room.x0 && y0 <= room.y0 && x1 >= room.x1 && y1 >= room.y1) break;
    const [left, right] = widen(x0, x1, (room.x1 - room.x0) / 16, room.x0, room.x1, anchor);
    const [top, bottom] = widen(y0, y1, (room.y1 - room.y0) / 16, room.y0, room.y1, 'middle');
    grown = { ...grown, box: toBox({ x0: left, y0: top, x1: right, y1: bottom }) };
  }
  return grown;
}

/**
 * The layer moved out of the duration badge's corner: up or left, by the least that clears it
 * (kept in the frame), or its box cut back to the corner's edge when a move cannot clear it.
 */
function outOfBadge(fonts: FontStack, layer: TextLayer, size: number): TextLayer {
  const layout = layoutLayer(fonts, layer);
  if (!layout) return layer;
  const inCorner = lineBoxes(layout, fonts, layer).filter((box) => overlaps(box, BADGE_CORNER));
  if (inCorner.length === 0) return layer;
  const up = Math.ceil(Math.max(...inCorner.map((box) => box.y1)) - BADGE_CORNER.y0) + 1;
  const left = Math.ceil(Math.max(...inCorner.map((box) => box.x1)) - BADGE_CORNER.x0) + 1;
  const { box } = layer;
  const candidates: TextLayer['box'][] = [
    ...(up <= left
      ? [
          { ...box, y: box.y - up },
          { ...box, x: box.x - left },
        ]
      : [
          { ...box, x: box.x - left },
          { ...box, y: box.y - up },
        ]),
    { ...box, height: BADGE_CORNER.y0 - box.y },
    { ...box, width: BADGE_CORNER.x0 - box.x },
  ].filter((moved) => moved.x >= 0 && moved.y >= 0 && moved.width >= 1 && moved.height >= 1);
  const clear = (moved: TextLayer) => {
    const laid = layoutLayer(fonts, moved);
    return (
      laid && laid.size >= size && !lineBoxes(laid, fonts, moved).some((line) => overlaps(line, BADGE_CORNER))
    );
  };
  const fixed = candidates.map((moved) => ({ ...layer, box: moved })).find(clear);
  return fixed ?? layer;
}

/** Black, white or a grey: a fill with no hue to keep. */
const achromatic = (colour: string) => /^#(..)\1\1$/i.test(colour);

/**
 * The letters made to stand out. An outline wide enough whose colour the fill does not contrast
 * with keeps its colour, and the fill flips to black or white. Otherwise an achromatic fill with
 * no outline, over the same picture, flips to black or white when that alone contrasts; else the
 * outline (its colour kept where the fill contrasts with it, else black or white against the fill)
 * is made a feed pixel wide at least, and the creator's fill colour is kept.
 */
function standingOut(layer: TextLayer, backdrop: readonly number[], samePlace: boolean): TextLayer {
  const fill = luminance(layer.colour);
  const width = Math.max(layer.outline?.width ?? 0, MIN_OUTLINE_WIDTH, outlineWidthFor(layer.size));
  const { outline } = layer;
  const outlineContrasts = outline && contrastRatio(fill, luminance(outline.colour)) >= MIN_CONTRAST;
  if (outline && outlineCounts(layer) && !outlineContrasts)
    return { ...layer, colour: contrastingColour(luminance(outline.colour)), outline: { ...outline, width } };
  if (samePlace && !outline && achromatic(layer.colour)) {
    const flipped = { ...layer, colour: contrastingColour(median(backdrop)) };
    if (contrasts(flipped, backdrop)) return flipped;
  }
  return {
    ...layer,
    outline: { colour: outlineContrasts ? outline.colour : contrastingColour(fill), width },
  };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * 'Make it readable': the least change that makes a layer read at feed size, the layer as it is
 * when it reads. Too small: its size raised to the readable one, its box grown to hold it;
 * under the duration badge: moved out of its corner; not standing out (or unread by OCR): a
 * contrasting fill or outline. Once it is bigger or moved, the picture under it is no longer the
 * one sampled, so the letters then get an outline that carries them whatever lies under them.
 */
export function makeReadable(facts: LayerFacts, judgement = judgeLayer(facts)): TextLayer {
  const { layer, fonts, backdrop } = facts;
  if (judgement.reads.every(Boolean)) return layer;
  const size = Math.max(judgement.layout?.size ?? layer.size, readableSize(fonts));
  let fixed = judgement.small.some(Boolean) ? grownTo(fonts, layer, size) : layer;
  if (judgement.underBadge) fixed = outOfBadge(fonts, fixed, Math.min(size, fixed.size));
  const samePlace = fixed === layer;
  if (judgement.lowContrast || judgement.ocrFails || (!samePlace && !outlineCounts(fixed)))
    fixed = standingOut(fixed, backdrop, samePlace);
  return fixed;
}
