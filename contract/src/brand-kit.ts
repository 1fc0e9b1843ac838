import * as z from 'zod/mini';
import {
  BADGE_CORNER,
  DEFAULT_FONT,
  FONT_IDS,
  LAYER_FRAME,
  type LayerBox,
  SAFE_ZONE,
  type TextLayer,
  textLayerSchema,
} from './text-layers';

/** At most this many fonts in a brand kit. */
export const MAX_KIT_FONTS = 2;
/** At most this many colours in a brand kit. */
export const MAX_KIT_COLOURS = 5;

/** The corners a logo may sit in. */
export const LOGO_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoCorner = (typeof LOGO_CORNERS)[number];

/** How large a logo is, as a share of the frame's width (its longer side, for a tall logo). */
export const LOGO_SIZE = { min: 0.08, max: 0.3, default: 0.12 } as const;

export const BRAND_KIT_TEXTS = {
  tooManyFonts: `A brand kit holds at most ${MAX_KIT_FONTS} fonts`,
  noFont: 'A brand kit needs a font',
  tooManyColours: `A brand kit holds at most ${MAX_KIT_COLOURS} colours`,
  styleFont: "The default text style uses one of the kit's fonts",
  logoSize: `A logo is between ${LOGO_SIZE.min * 100}% and ${LOGO_SIZE.max * 100}% of the frame's width`,
  logoType: 'A logo must be a PNG or WebP image.',
  noLogo: 'Upload a logo image first.',
  changedMeanwhile: 'Your brand kit was changed meanwhile. Please try again.',
} as const;

const { font, colour, outline, shadow } = textLayerSchema.shape;

/** The look new text layers take: font, fill colour, outline (null: none) and shadow. */
export const brandTextStyleSchema = z.object({ font, colour, outline, shadow });
export type BrandTextStyle = z.infer<typeof brandTextStyleSchema>;

/** Where the logo goes and whether new thumbnails get it. */
const logoPlacementShape = {
  corner: z.enum(LOGO_CORNERS, 'A logo goes in one of the four corners'),
  size: z
    .number()
    .check(z.gte(LOGO_SIZE.min, BRAND_KIT_TEXTS.logoSize), z.lte(LOGO_SIZE.max, BRAND_KIT_TEXTS.logoSize)),
  /** True: the logo is added as its own layer to every new thumbnail. */
  add_logo: z.boolean(),
};

const kitShape = {
  fonts: z
    .array(z.enum(FONT_IDS, 'That font is not one of ours'))
    .check(z.minLength(1, BRAND_KIT_TEXTS.noFont), z.maxLength(MAX_KIT_FONTS, BRAND_KIT_TEXTS.tooManyFonts)),
  colours: z.array(colour).check(z.maxLength(MAX_KIT_COLOURS, BRAND_KIT_TEXTS.tooManyColours)),
  style: brandTextStyleSchema,
};

/**
 * A creator's brand kit as the API answers it: the logo's image as a short-lived URL with its
 * pixel size (so its box can be worked out without loading it), or null for no logo.
 */
export const brandKitSchema = z.object({
  ...kitShape,
  logo: z.nullable(
    z.object({ ...logoPlacementShape, url: z.string(), width: z.number(), height: z.number() }),
  ),
});
export type BrandKit = z.infer<typeof brandKitSchema>;

/**
 * A brand kit to store. The logo's `upload` is the key of the creator's own PNG or WebP upload
 * (a new logo image), or null to keep the current one and change only where it goes.
 */
export const putBrandKitBodySchema = z
  .object({
    ...kitShape,
    logo: z.nullable(z.object({ ...logoPlacementShape, upload: z._default(z.nullable(z.string()), null) })),
  })
  .check(z.refine((kit) => kit.fonts.includes(kit.style.font), BRAND_KIT_TEXTS.styleFont));
export type PutBrandKitBody = z.input<typeof putBrandKitBodySchema>;

/** The kit of a creator who has not made one: the default font, white outlined text, no logo. */
export const DEFAULT_BRAND_KIT: BrandKit = {
  fonts: [DEFAULT_FONT],
  colours: ['#ffffff', '#ffd60a', '#000000'],
  style: { font: DEFAULT_FONT, colour: '#ffffff', outline: { colour: '#000000', width: 12 }, shadow: true },
  logo: null,
};

/** The fields a new text layer takes from the kit: its font, colour, outline and shadow. */
export function brandKitTextStyle(kit: Pick<BrandKit, 'style'>): Pick<TextLayer, keyof BrandTextStyle> {
  const { font, colour, outline, shadow } = kit.style;
  return { font, colour, outline: outline && { ...outline }, shadow };
}

/** A logo's placement and its image's pixel size. */
export type LogoPlacement = Pick<NonNullable<BrandKit['logo']>, 'corner' | 'size' | 'width' | 'height'>;

/**
 * Where the kit's logo goes in the 1280x720 frame (null: the kit has no logo): its longer side is
 * `size` of the frame's width, in its corner of the safe zone. In the bottom-right corner it sits
 * just above the duration badge's corner, since the badge would hide it in the feed.
 */
export function logoLayerBox(kit: { logo: LogoPlacement | null }): LayerBox | null {
  if (!kit.logo) return null;
  const { corner, size, width, height } = kit.logo;
  const side = size * LAYER_FRAME.width;
  const scale = side / Math.max(width, height, 1);
  const box = { width: Math.round(width * scale), height: Math.round(height * scale) };
  const right = corner.endsWith('right');
  const bottom = corner.startsWith('bottom');
  const floor = corner === 'bottom-right' ? BADGE_CORNER.y0 : SAFE_ZONE.y1;
  return {
    x: right ? SAFE_ZONE.x1 - box.width : SAFE_ZONE.x0,
    y: bottom ? floor - box.height : SAFE_ZONE.y0,
    ...box,
  };
}
