import type { ImageData } from '@thumbnail-studio/providers';
import { loadSharp } from '../../lib/sharp';
import { readEmojiSvg } from './assets';
import { type indexKeywords, matchSubjects } from './keywords';
import { hash, hex } from './palette';
import { colourOf } from './scene';

/** What a region edit's words ask of the painted area, in the order it is done. */
export interface RegionOps {
  /** Fill the area from its surroundings, as if what was there had never been. */
  remove: boolean;
  blur: boolean;
  /** `#rrggbb` to tint the area with, keeping its light and shade. */
  tint?: string;
  /** The Twemoji code points of a subject to place in the area. */
  subject?: string;
}

const REMOVE = /\b(remove|delete|erase|get rid of|take (out|away)|clear|clean up)\b/;
const BLUR = /\b(blur|blurr?y|blurred|pixelate|soften|censor|hide)\b/;
const REPLACE = /\b(replace|swap|turn)\b/;
/** The words naming what to put in: after 'with', 'into', 'add', 'put'... */
const NEW_THING = /\b(?:with|into|add|put|place|insert|draw|show)\s+(?:a |an |the |some )?([a-z][a-z ]*)/;

/** Words emojilib does not know, said as words it does. */
const SAID_AS: Record<string, string> = {
  storm: 'lightning',
  stormy: 'lightning',
  thunderstorm: 'lightning',
};

/** The subject a phrase names, through emojilib's keywords. */
const subjectOf = (phrase: string, index: ReturnType<typeof indexKeywords>) =>
  matchSubjects(
    index,
    phrase.replace(/[a-z]+/g, (word) => SAID_AS[word] ?? word),
  )[0]?.codePoints;

/**
 * Reads a region edit's words: remove, blur, a colour, and a subject to put in ('add a cat',
 * 'replace the sky with a storm'). Words that ask for none of them still change the area: it
 * is tinted a colour picked from the words, so every request visibly changes what was painted.
 */
export function parseRegionEdit(request: string, index: ReturnType<typeof indexKeywords>): RegionOps {
  const lower = request.toLowerCase();
  const blur = BLUR.test(lower);
  const named = NEW_THING.exec(lower)?.[1];
  const colourWord = [...lower.matchAll(/[a-z]+/g)].map((m) => m[0]).find((word) => colourOf(word));
  const colour = colourWord ? colourOf(colourWord) : undefined;
  const subject = named && !colourOf(named.trim()) ? subjectOf(named, index) : undefined;
  const ops: RegionOps = {
    remove: REMOVE.test(lower) || (REPLACE.test(lower) && Boolean(subject)),
    blur,
    ...(colour ? { tint: hex(colour) } : {}),
    ...(subject ? { subject } : {}),
  };
  if (!ops.remove && !ops.blur && !ops.tint && !ops.subject)
    ops.tint = hex({ h: hash(lower) % 360, s: 75, l: 50 });
  return ops;
}

interface Area {
  width: number;
  height: number;
  /** The painted area, one byte a pixel (0-255), the image's size. */
  alpha: Uint8Array;
  /** Its bounding box; undefined when nothing is painted. */
  box?: { x: number; y: number; width: number; height: number };
}

/** The painted area of a mask (opaque = painted), scaled to the image's size. */
async function paintedArea(mask: ImageData, width: number, height: number): Promise<Area> {
  const sharp = await loadSharp();
  const alpha = new Uint8Array(
    await sharp(mask.bytes)
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer(),
  );
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((alpha[y * width + x] ?? 0) >= 128) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  return x1 < 0
    ? { width, height, alpha }
    : { width, height, alpha, box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } };
}

/**
 * The image with the area filled from its surroundings: every painted pixel takes the mean of
 * the unpainted pixels around the area, then a blur as wide as the area blends the fill into
 * its edges.
 */
async function fillFromSurroundings(rgb: Buffer, area: Area): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height, alpha, box } = area;
  if (!box) return rgb;
  const reach = Math.max(4, Math.round(Math.max(box.width, box.height) / 4));
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = Math.max(0, box.y - reach); y < Math.min(height, box.y + box.height + reach); y++)
    for (let x = Math.max(0, box.x - reach); x < Math.min(width, box.x + box.width + reach); x++) {
      if ((alpha[y * width + x] ?? 0) >= 128) continue;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (rgb[(y * width + x) * 3 + k] ?? 0);
      count++;
    }
  const filled = Buffer.from(rgb);
  for (let i = 0; i < width * height; i++)
    if ((alpha[i] ?? 0) >= 128)
      for (let k = 0; k < 3; k++) filled[i * 3 + k] = count ? Math.round((sum[k] ?? 0) / count) : 128;
  return sharp(filled, { raw: { width, height, channels: 3 } })
    .blur(Math.max(2, reach / 2))
    .raw()
    .toBuffer();
}

/**
 * The region edit the offline studio makes: the painted area changed by the request's words
 * (filled from around it, blurred, tinted, a Twemoji subject placed in it), and every pixel
 * outside it left as it was. The whole picture is answered, the image's size.
 */
export async function editRegion(
  prompt: string,
  image: ImageData,
  mask: ImageData,
  index: ReturnType<typeof indexKeywords>,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const { data: original, info } = await sharp(image.bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const raw = { raw: { width, height, channels: 3 as const } };
  const area = await paintedArea(mask, width, height);
  const ops = parseRegionEdit(prompt, index);
  let changed = ops.remove ? await fillFromSurroundings(original, area) : original;
  if (ops.blur)
    changed = await sharp(changed, raw)
      .blur(Math.max(3, Math.min(width, height) / 60))
      .raw()
      .toBuffer();
  if (ops.tint) changed = await sharp(changed, raw).tint(ops.tint).removeAlpha().raw().toBuffer();
  const svg = ops.subject && area.box ? await readEmojiSvg(ops.subject) : undefined;
  if (svg && area.box) {
    const size = Math.max(8, Math.round(Math.min(area.box.width, area.box.height) * 0.9));
    const art = await sharp(Buffer.from(svg.replace(/<svg\b/, `<svg width="${size}" height="${size}"`)))
      .resize(size, size)
      .png()
      .toBuffer();
    const left = Math.round(area.box.x + (area.box.width - size) / 2);
    const top = Math.round(area.box.y + (area.box.height - size) / 2);
    changed = await sharp(changed, raw)
      .composite([{ input: art, left, top }])
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  // The change shows through the painted area only.
  const out = Buffer.from(original);
  for (let i = 0; i < width * height; i++) {
    const a = area.alpha[i] ?? 0;
    if (a === 0) continue;
    for (let k = 0; k < 3; k++)
      out[i * 3 + k] = Math.round(
        ((changed[i * 3 + k] ?? 0) * a + (original[i * 3 + k] ?? 0) * (255 - a)) / 255,
      );
  }
  return new Uint8Array(await sharp(out, raw).png().toBuffer());
}
