import type { Font } from 'opentype.js';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../lib/sharp';
import { loadFont } from './studio/assets';
import { layoutText, textElements } from './studio/text-paths';
import type { ImageData } from './types';

/** The offline provider's output: 16:9, the size gpt-image-2 is asked for. */
export const WIDTH = 1536;
export const HEIGHT = 864;
/** The text safe zone: at least 10% of each edge stays free of text. */
const MARGIN_X = Math.round(WIDTH * 0.1);
const MARGIN_Y = Math.round(HEIGHT * 0.1);
/** At most this many people are shown, side by side at the right, as cut-outs are on most thumbnails. */
export const MAX_PEOPLE_SHOWN = 3;

/**
 * Where the people's area starts: one person takes the right 40% of the
 * frame, two or more share the right half, each at full height.
 */
export const peopleLeft = (count: number): number =>
  WIDTH - Math.round(WIDTH * (Math.min(count, MAX_PEOPLE_SHOWN) <= 1 ? 0.4 : 0.5));
/** Thumbnail text is at least 120 px; it shrinks from the larger size to this before it is cut. */
const MAX_SIZE = 168;
const MIN_SIZE = 120;

export interface Composition {
  /** The image filling the frame (a reference or the image being edited); else a gradient. */
  base?: ImageData;
  /** Seeds the gradient, so the same prompt gives the same colours. */
  seed: string;
  /** One photo per person, shown large and in this order; no names are drawn. */
  people: ImageData[];
  text?: string;
  adjust?: { brightness?: number; saturation?: number; grayscale?: boolean };
}

/** FNV-1a: a stable 32-bit hash, enough to pick colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A bold diagonal gradient in saturated mid-tones (never near white or black, so text stands out). */
export function gradientSvg(seed: string): string {
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 120)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},75%,32%)"/><stop offset="1" stop-color="hsl(${hue2},80%,48%)"/>
</linearGradient><radialGradient id="l" cx="0.35" cy="0.45" r="0.6">
<stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
</radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
}

/**
 * The quoted text in Anton inside the safe zone, left of the people's area
 * (`peopleX`, when there are people), white on a black outline. Over a photo
 * (a reference, or an image being edited, which may hold older text) a dark
 * panel keeps it readable. The text is drawn as the Anton font's outlines, so no system font
 * is needed; characters the font lacks are left out.
 */
export function textSvg(font: Font, quoted: string, peopleX: number | undefined, panel: boolean): string {
  // The gap before the people is wider than the panel's padding, so the panel never covers a face.
  const maxWidth = (peopleX !== undefined ? peopleX - 48 : WIDTH - MARGIN_X) - MARGIN_X;
  const layout = layoutText(font, quoted, {
    x: MARGIN_X,
    y: MARGIN_Y,
    width: maxWidth,
    height: HEIGHT - 2 * MARGIN_Y,
    maxSize: MAX_SIZE,
    minSize: MIN_SIZE,
  });
  if (!layout) return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"/>`;
  const pad = Math.round(layout.size * 0.2);
  const backdrop = panel
    ? `<rect x="${MARGIN_X - pad}" y="${Math.round(layout.bounds.y - pad)}" width="${maxWidth + 2 * pad}" height="${Math.round(layout.bounds.height + 2 * pad)}" rx="${pad}" fill="#000000" fill-opacity="0.75"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${backdrop}
${textElements(font, layout, { fill: '#ffffff', stroke: '#000000' })}</svg>`;
}

/**
 * People side by side at full height in the right part of the frame, each
 * cropped around its most striking part (usually the face).
 */
async function peopleOverlays(people: ImageData[]): Promise<OverlayOptions[]> {
  const shown = people.slice(0, MAX_PEOPLE_SHOWN);
  if (shown.length === 0) return [];
  const sharp = await loadSharp();
  const left = peopleLeft(shown.length);
  const width = Math.floor((WIDTH - left) / shown.length);
  return Promise.all(
    shown.map(async (person, i) => ({
      input: await sharp(person.bytes)
        // The last one takes the pixels rounding left over, so the area reaches the right edge.
        .resize(i === shown.length - 1 ? WIDTH - left - i * width : width, HEIGHT, {
          fit: 'cover',
          position: 'attention',
        })
        .toBuffer(),
      left: left + i * width,
      top: 0,
    })),
  );
}

/** Renders the thumbnail as a 1536x864 PNG. */
export async function composeThumbnail(composition: Composition): Promise<Uint8Array> {
  const { base, seed, people, text, adjust } = composition;
  const sharp = await loadSharp();
  let background = base
    ? sharp(base.bytes).resize(WIDTH, HEIGHT, { fit: 'cover' })
    : sharp(Buffer.from(gradientSvg(seed)));
  // A linear scale brightens in a few ms; modulate's colour-space round trip costs ~100 ms, so only saturation uses it.
  if (adjust?.brightness && adjust.brightness !== 1) background = background.linear(adjust.brightness, 0);
  if (adjust?.saturation && adjust.saturation !== 1)
    background = background.modulate({ saturation: adjust.saturation });
  // Back to three channels after grey, so coloured people and text still composite in colour.
  if (adjust?.grayscale) background = background.grayscale().toColourspace('srgb');
  const overlays = await peopleOverlays(people);
  if (text)
    overlays.push({
      input: Buffer.from(
        textSvg(
          await loadFont(),
          text,
          people.length > 0 ? peopleLeft(people.length) : undefined,
          Boolean(base),
        ),
      ),
      left: 0,
      top: 0,
    });
  // Resize and colour changes first, as raw pixels, so the overlays land on the finished background.
  const frame = await background.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const png = await sharp(frame.data, { raw: frame.info })
    .composite(overlays)
    .png({ compressionLevel: 4 })
    .toBuffer();
  return new Uint8Array(png);
}
