import type { ImageData } from '@thumbnail-studio/providers';
import { loadSharp } from '../../lib/sharp';
import { loadEmojiKeywords } from './assets';
import { applyEdit, parseEdit } from './edits';
import { indexKeywords } from './keywords';
import { fromRgb, type Hsl, hex, seededPalette } from './palette';
import { planOf } from './plan-chunk';
import { editRegion } from './region';
import { renderScene } from './render';
import {
  besideTextLayer,
  DEFAULT_ADJUST,
  planScene,
  type ReferenceHints,
  type ScenePlan,
  varyScene,
} from './scene';

let indexing: Promise<ReturnType<typeof indexKeywords>> | undefined;
/** emojilib's keywords, indexed once per process. */
const keywordIndex = () => {
  indexing ??= loadEmojiKeywords().then(indexKeywords);
  return indexing;
};

/** The mean colour of an image's outer ring of pixels (raw RGB, `width` x `height`): its backdrop, not its subject. */
export function borderColour(data: Uint8Array, width: number, height: number): Hsl {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (y > 1 && y < height - 2 && x > 1 && x < width - 2) continue;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (data[(y * width + x) * 3 + k] ?? 0);
      count++;
    }
  const [r, g, b] = sum.map((value) => value / count);
  return fromRgb(r ?? 0, g ?? 0, b ?? 0);
}

/**
 * What the references say about a new image: the first one's backdrop colour (the mean of its
 * edges, so a subject's colour does not become the new background), and the side its most
 * striking part is on (sharp's attention crop of its left or right half). Nothing of them is
 * drawn.
 */
export async function referenceHints(references: ImageData[]): Promise<ReferenceHints> {
  const first = references[0];
  if (!first) return {};
  const sharp = await loadSharp();
  try {
    const small = await sharp(first.bytes).resize(128, 72, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const raw = { raw: { width: 128, height: 72, channels: 3 as const } };
    const half = await sharp(small, raw)
      .resize(64, 72, { fit: 'cover', position: 'attention' })
      .toBuffer({ resolveWithObject: true });
    const offset = Math.abs(half.info.cropOffsetLeft ?? 32);
    return { colour: borderColour(small, 128, 72), side: offset < 32 ? 'left' : 'right' };
  } catch {
    // A reference sharp cannot read shapes nothing.
    return {};
  }
}

/**
 * How a thumbnail is made: which of a request's variations (0, the first, as asked), and whether
 * its text is a layer drawn over it afterwards.
 */
export interface MakeOptions {
  variation?: number | undefined;
  /** No text is drawn and the layer's area is left to it (see `besideTextLayer`). */
  textLayer?: boolean | undefined;
}

/**
 * A new thumbnail: the prompt's scene, shaped by the references, with the people cut out.
 * Each `variation` of a request is a different picture (see varyScene).
 */
export async function createThumbnail(
  prompt: string,
  references: ImageData[],
  people: ImageData[],
  { variation = 0, textLayer = false }: MakeOptions = {},
): Promise<Uint8Array> {
  const [index, hints] = await Promise.all([keywordIndex(), referenceHints(references)]);
  // People stand on the right, as on most thumbnails, unless the prompt says otherwise.
  const shaping = people.length > 0 ? { ...hints, side: undefined } : hints;
  return renderScene(planScene(prompt, index, shaping, variation, textLayer), people);
}

/** A scene with nothing in it, for editing an image the studio did not make. */
const emptyPlan = (seed: string): ScenePlan => ({
  subjects: [],
  palette: seededPalette(seed),
  textColour: '#ffffff',
  side: 'right',
  arrow: false,
  circle: false,
  textScale: 1,
  subjectScale: 1,
  zoom: 1,
  adjust: { ...DEFAULT_ADJUST },
});

/**
 * The image with the request applied. A studio image is re-rendered from the scene it carries,
 * changed as asked (brighter, text bigger or new, another colour, zoom, something removed...);
 * any other image is changed as pixels, with what is added drawn over it. An edit's variations
 * keep the image's layout and colours, and differ in sizes and lightness. With a text layer, the
 * edit draws no text and a studio image leaves the layer's area clear.
 */
export async function editThumbnail(
  prompt: string,
  image: ImageData,
  people: ImageData[],
  { variation = 0, textLayer = false }: MakeOptions = {},
): Promise<Uint8Array> {
  const index = await keywordIndex();
  const ops = parseEdit(prompt);
  const plan = planOf(image.bytes);
  const vary = (scene: ScenePlan) =>
    varyScene(textLayer ? besideTextLayer(scene) : scene, variation, { side: false, hue: false });
  if (plan) return renderScene(vary(applyEdit(plan, ops, index)), people);
  const edited = vary(applyEdit(emptyPlan(prompt), ops, index));
  // With no palette to change, a colour asked for tints the photo; "another colour" turns its hues.
  if (ops.colour === 'another') edited.adjust.hue = 120;
  const tint = ops.colour && ops.colour !== 'another' ? hex(ops.colour) : undefined;
  return renderScene(edited, people, { backdrop: image, ...(tint ? { tint } : {}) });
}

/**
 * A region edit: the painted area of `image` (`mask` opaque where painted) changed by the
 * request's words, everything else as it was (see editRegion).
 */
export async function editThumbnailRegion(
  prompt: string,
  image: ImageData,
  mask: ImageData,
): Promise<Uint8Array> {
  return editRegion(prompt, image, mask, await keywordIndex());
}
