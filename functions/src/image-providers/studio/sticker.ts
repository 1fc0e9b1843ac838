import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../../lib/sharp';
import { HEIGHT, type Square, WIDTH } from './layout';

/**
 * A Twemoji SVG as a sticker, the look of a cut-out subject on a thumbnail: the illustration
 * filling `at`, a white outline around its shape and a soft shadow below. Made with sharp's
 * blur and threshold (an SVG filter doing the same took seconds), and cropped to the frame.
 */
export async function stickerOverlay(emojiSvg: string, at: Square): Promise<OverlayOptions | undefined> {
  const sharp = await loadSharp();
  const size = Math.max(8, Math.round(at.size));
  const outline = Math.max(3, Math.round(size / 70));
  const pad = outline * 4;
  const full = size + 2 * pad;
  const sized = emojiSvg.replace(/<svg\b/, `<svg width="${size}" height="${size}"`);
  const art = await sharp(Buffer.from(sized)).resize(size, size).ensureAlpha().png().toBuffer();
  // The shape's alpha, padded with transparency (as raw bytes: extending a one-band image with
  // sharp fills it white).
  const shape = await sharp(art).extractChannel(3).raw().toBuffer();
  const alpha = Buffer.alloc(full * full);
  for (let row = 0; row < size; row++)
    shape.copy(alpha, (row + pad) * full + pad, row * size, (row + 1) * size);
  const raw = { raw: { width: full, height: full, channels: 1 as const } };
  // Blurring the shape and keeping every pixel it reached grows it by about the blur's reach
  // (sharp would threshold before blurring, so the threshold is done here).
  const [blurred, soft] = await Promise.all([
    sharp(alpha, raw)
      .blur(outline / 1.5)
      .extractChannel(0)
      .raw()
      .toBuffer(),
    sharp(alpha, raw)
      .blur(outline * 1.5)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const grown = blurred.map((value) => (value >= 8 ? 255 : 0));
  const faint = soft.map((value) => Math.round(value * 0.55));
  const silhouette = (colour: { r: number; g: number; b: number }, mask: Uint8Array) =>
    sharp({ create: { width: full, height: full, channels: 3, background: colour } })
      .joinChannel(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), raw)
      .png()
      .toBuffer();
  const [white, shadow] = await Promise.all([
    silhouette({ r: 255, g: 255, b: 255 }, grown),
    silhouette({ r: 0, g: 0, b: 0 }, faint),
  ]);
  const shift = Math.round(outline * 1.5);
  const canvas = full + shift;
  const sticker = await sharp({
    create: { width: canvas, height: canvas, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      { input: shadow, left: shift, top: shift },
      { input: white, left: 0, top: 0 },
      { input: art, left: pad, top: pad },
    ])
    .png()
    .toBuffer();
  return cropToFrame(sticker, canvas, Math.round(at.cx - full / 2), Math.round(at.cy - full / 2));
}

/** The part of a square overlay at (left, top) that falls inside the frame, placed there. */
async function cropToFrame(
  input: Buffer,
  side: number,
  left: number,
  top: number,
): Promise<OverlayOptions | undefined> {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(WIDTH, left + side);
  const y1 = Math.min(HEIGHT, top + side);
  if (x1 <= x0 || y1 <= y0) return undefined;
  const sharp = await loadSharp();
  const visible = await sharp(input)
    .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
    .png()
    .toBuffer();
  return { input: visible, left: x0, top: y0 };
}
