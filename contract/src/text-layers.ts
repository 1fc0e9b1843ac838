import * as z from 'zod/mini';

/**
 * Thumbnail text kept as data over a textless base image: each image of an answer carries its
 * layers, the server draws them with shipped fonts, and the creator edits them for free.
 * Coordinates are in the full-size frame, whatever size the base image is.
 */
export const LAYER_FRAME = { width: 1280, height: 720 } as const;

/**
 * The fonts a layer may use: display faces shipped with the app (OFL), each covering Latin with
 * accents, Cyrillic and Greek. The id names the font everywhere; the label is what a creator reads.
 */
export const TEXT_FONTS = {
  'fira-sans-extra-condensed': 'Fira Sans Extra Condensed',
  'roboto-condensed': 'Roboto Condensed',
  'sofia-sans-extra-condensed': 'Sofia Sans Extra Condensed',
  'dela-gothic-one': 'Dela Gothic One',
  'noto-sans-display': 'Noto Sans Display',
  'inter-tight': 'Inter Tight',
  oi: 'Oi',
  'press-start-2p': 'Press Start 2P',
} as const;
export type FontId = keyof typeof TEXT_FONTS;
export const FONT_IDS = Object.keys(TEXT_FONTS) as [FontId, ...FontId[]];
/** The font new layers use unless the creator's brand kit names another. */
export const DEFAULT_FONT: FontId = 'fira-sans-extra-condensed';

/** At most this many text layers on one image. */
export const MAX_TEXT_LAYERS = 5;
/** At most this many characters in one layer. */
export const MAX_LAYER_TEXT = 120;
/** Font sizes a layer may ask for, in frame pixels (cap to cap, the em size). */
export const LAYER_FONT_SIZE = { min: 8, max: 400 } as const;

/**
 * Where text should stay: this far in from each edge of the frame, clear of the feed's rounded
 * corners and of what players draw over the edges.
 */
export const SAFE_ZONE_MARGIN = { x: 64, y: 36 } as const;
export const SAFE_ZONE = {
  x0: SAFE_ZONE_MARGIN.x,
  y0: SAFE_ZONE_MARGIN.y,
  x1: LAYER_FRAME.width - SAFE_ZONE_MARGIN.x,
  y1: LAYER_FRAME.height - SAFE_ZONE_MARGIN.y,
} as const;

/**
 * The duration badge as YouTube draws it on every layout: 4 px in from the right and bottom
 * edges, 12 px medium text on a black rounded label with 4 px of padding each side and 3 px
 * above and below (18 px high).
 */
export const BADGE = { inset: 4, height: 18, paddingX: 4, digitWidth: 7, colonWidth: 3.5 } as const;

/** A rectangle: left, top, right, bottom. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How wide a duration's label is: its digits and colons at the badge's font, plus padding. */
export function badgeWidth(duration: string): number {
  const text = [...duration].reduce(
    (width, char) => width + (char === ':' ? BADGE.colonWidth : BADGE.digitWidth),
    0,
  );
  return Math.ceil(text + 2 * BADGE.paddingX);
}

/** Where the duration badge sits in a thumbnail of `width` x `height`. */
export function badgeRect(width: number, height: number, duration: string): Rect {
  const x1 = width - BADGE.inset;
  const y1 = height - BADGE.inset;
  return { x0: x1 - badgeWidth(duration), y0: y1 - BADGE.height, x1, y1 };
}

/**
 * The corner of the full-size frame a duration badge hides: a '12:34' badge on the smallest feed
 * thumbnail (168x94, where it covers the most), scaled up. Text there is hidden in the feed.
 */
export const BADGE_CORNER: Rect = (() => {
  const feed = { width: 168, height: 94 };
  const badge = badgeRect(feed.width, feed.height, '12:34');
  const sx = LAYER_FRAME.width / feed.width;
  const sy = LAYER_FRAME.height / feed.height;
  return {
    x0: Math.floor(badge.x0 * sx),
    y0: Math.floor(badge.y0 * sy),
    x1: LAYER_FRAME.width,
    y1: LAYER_FRAME.height,
  };
})();

/**
 * Where text drawn as a layer goes on a new image, and how the provider is told to leave room for
 * it: the left part of the safe zone, the subject kept to the right (the most common thumbnail
 * composition). The prompt names the area in `words`; the layer is laid out in `box`.
 */
export const LAYER_TEXT_AREA = {
  box: { x: SAFE_ZONE.x0, y: SAFE_ZONE.y0 + 36, width: 640, height: SAFE_ZONE.y1 - SAFE_ZONE.y0 - 72 },
  words: 'the left half',
} as const;

const colourSchema = z.string().check(z.regex(/^#[0-9a-f]{6}$/i, 'Colours are written #rrggbb'));

/** A box in the frame: its left and top edges, its width and height. It must lie inside the frame. */
export const layerBoxSchema = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .check(
    z.refine(
      (box) =>
        box.x >= 0 &&
        box.y >= 0 &&
        box.width >= 1 &&
        box.height >= 1 &&
        box.x + box.width <= LAYER_FRAME.width &&
        box.y + box.height <= LAYER_FRAME.height,
      'A text box must lie inside the 1280x720 frame',
    ),
  );
export type LayerBox = z.infer<typeof layerBoxSchema>;

/**
 * One line or block of text over an image: its words, font and size (the largest it is drawn
 * at; smaller when the words need it to fit the box), fill colour, an outline (null: none), a soft
 * shadow, how lines align in the box, and the box.
 */
export const textLayerSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A text layer needs some words'),
      z.maxLength(MAX_LAYER_TEXT, `A text layer holds at most ${MAX_LAYER_TEXT} characters`),
    ),
  font: z.enum(FONT_IDS, 'That font is not one of ours'),
  size: z
    .number()
    .check(
      z.gte(LAYER_FONT_SIZE.min, `Text is at least ${LAYER_FONT_SIZE.min} px`),
      z.lte(LAYER_FONT_SIZE.max, `Text is at most ${LAYER_FONT_SIZE.max} px`),
    ),
  colour: colourSchema,
  outline: z.nullable(z.object({ colour: colourSchema, width: z.number().check(z.gte(0), z.lte(40)) })),
  shadow: z.boolean(),
  align: z.enum(['left', 'center', 'right']),
  box: layerBoxSchema,
});
export type TextLayer = z.infer<typeof textLayerSchema>;

export const textLayersSchema = z
  .array(textLayerSchema)
  .check(z.maxLength(MAX_TEXT_LAYERS, `An image holds at most ${MAX_TEXT_LAYERS} text layers`));

/**
 * How a send's quoted text is made: `layer` (the default) asks the provider for the image
 * without text and draws the text as editable layers; `model` lets the provider draw it.
 */
export const TEXT_MODES = ['layer', 'model'] as const;
export type TextMode = (typeof TEXT_MODES)[number];
export const textModeSchema = z.enum(TEXT_MODES);

/**
 * An image's logo layer as an image lists it: the logo's picture (a signed URL) and its box in
 * the 1280x720 frame. A brand kit's logo is added to new thumbnails as this layer.
 */
export const logoLayerSchema = z.object({ url: z.string(), box: layerBoxSchema });
export type LogoLayer = z.infer<typeof logoLayerSchema>;

/**
 * Edit an image's text: which image of the message, and its new layers (all of them). `logo`:
 * where its logo layer goes now, or null to remove it; absent, it stays where it is.
 */
export const editTextBodySchema = z.object({
  image: z._default(z.int().check(z.nonnegative()), 0),
  layers: textLayersSchema,
  logo: z.optional(z.nullable(layerBoxSchema)),
});
export type EditTextBody = z.input<typeof editTextBodySchema>;
export type ParsedEditTextBody = z.infer<typeof editTextBodySchema>;
