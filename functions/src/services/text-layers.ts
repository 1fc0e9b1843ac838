import {
  type BrandTextStyle,
  DEFAULT_FONT,
  type FontId,
  LAYER_FRAME,
  LAYER_TEXT_AREA,
  type LayerBox,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { type FontStack, layersSvg } from '@thumbnail-studio/typeset';
import { designTextLayer, layersRefusal } from '../core/text-layers';
import { BadRequestError } from '../lib/errors';
import { loadFontStack } from '../lib/fonts';
import { loadSharp } from '../lib/sharp';

/** The fonts the layers use, each read once, by id. */
async function fontsFor(layers: readonly TextLayer[]): Promise<(font: FontId) => FontStack> {
  const ids = [...new Set(layers.map((layer) => layer.font))];
  const stacks = new Map(await Promise.all(ids.map(async (id) => [id, await loadFontStack(id)] as const)));
  return (font) => {
    const stack = stacks.get(font);
    if (!stack) throw new Error(`font ${font} was not loaded`);
    return stack;
  };
}

/** Refuses layers that cannot be drawn as written (see layersRefusal), before anything is stored. */
export async function checkLayers(layers: readonly TextLayer[]): Promise<void> {
  const refusal = layersRefusal(layers, await fontsFor(layers));
  if (refusal) throw new BadRequestError(refusal);
}

/**
 * A logo layer to draw: the logo's picture (a PNG, as a brand kit keeps it) and its box in the
 * 1280x720 frame.
 */
export interface PlacedLogo {
  bytes: Uint8Array;
  box: LayerBox;
}

/**
 * The finished thumbnail: the logo (if any) and then the text layers drawn over the base, at the
 * base's own size (the layers' frame coordinates scaled to it), as a PNG.
 */
export async function renderComposite(
  base: Uint8Array,
  layers: readonly TextLayer[],
  logo?: PlacedLogo,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(base).metadata();
  if (!width || !height) throw new Error('the base image has no size');
  const fontsOf = await fontsFor(layers);
  const svg = layersSvg((layer) => fontsOf(layer.font), layers, width, height);
  return new Uint8Array(
    await sharp(base)
      .composite([
        ...(logo ? [await logoOverlay(logo, width / LAYER_FRAME.width, { width, height })] : []),
        { input: Buffer.from(svg), top: 0, left: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

/**
 * The logo as an overlay of an image `size` whose frame is `scale` times the 1280x720 one: fitted
 * into its box (keeping its proportions, centred) and cut to the image where the box overhangs it.
 */
async function logoOverlay(logo: PlacedLogo, scale: number, size: { width: number; height: number }) {
  const sharp = await loadSharp();
  const left = Math.round(logo.box.x * scale);
  const top = Math.round(logo.box.y * scale);
  const width = Math.max(1, Math.min(Math.round(logo.box.width * scale), size.width - left));
  const height = Math.max(1, Math.min(Math.round(logo.box.height * scale), size.height - top));
  const input = await sharp(logo.bytes)
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return { input, left, top };
}

/** The mean luminance (0 black to 1 white) of the image's 16:9 frame under a box of it. */
export async function luminanceUnder(image: Uint8Array, box: LayerBox): Promise<number> {
  const sharp = await loadSharp();
  const region = {
    left: Math.floor(box.x),
    top: Math.floor(box.y),
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(box.height)),
  };
  const stats = await sharp(image)
    .resize(LAYER_FRAME.width, LAYER_FRAME.height, { fit: 'cover', position: 'centre' })
    .extract(region)
    .greyscale()
    .stats();
  return (stats.channels[0]?.mean ?? 0) / 255;
}

/**
 * The layers a new image's quoted `text` is drawn as (see designTextLayer): in the style of the
 * creator's brand kit when they saved one, else with colours chosen for what lies under their
 * area in `image`; none when the font draws none of the words.
 */
export async function designLayers(
  image: Uint8Array,
  text: string,
  style?: BrandTextStyle,
): Promise<TextLayer[]> {
  const [fonts, luminance] = await Promise.all([
    loadFontStack(style?.font ?? DEFAULT_FONT),
    luminanceUnder(image, LAYER_TEXT_AREA.box),
  ]);
  const layer = designTextLayer(fonts, text, luminance, style);
  return layer ? [layer] : [];
}
