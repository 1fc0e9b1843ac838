import type { Sharp } from 'sharp';
import { BadRequestError } from './errors';
import { loadSharp } from './sharp';

/** Formats we accept from users; SVG (scriptable) and anything else is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decoding stops past this many pixels, so a small file can't unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Longest edge kept for references and model photos; providers don't use more. */
const MAX_EDGE = 2048;
export const NOT_AN_IMAGE =
  'That file is not an image we can use. Please attach a JPEG, PNG, WebP, GIF or AVIF image.';

/**
 * Decodes an untrusted image and re-encodes it as JPEG: applies the EXIF
 * orientation, drops all metadata (including location), caps the size.
 */
export async function normalizeImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const jpeg = await reencodeUntrusted(bytes, (image) =>
    image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: false }),
  );
  return { bytes: jpeg, mimeType: 'image/jpeg' };
}

/**
 * Decodes an untrusted generated image (one a browser made with the creator's own key) and
 * re-encodes it as the PNG original a job would store: the same format allow-list and pixel
 * cap as any upload, no metadata kept.
 */
export const normalizeGeneratedImage = (bytes: Uint8Array): Promise<Uint8Array> =>
  reencodeUntrusted(bytes, (image) => image.png());

/**
 * Decodes an untrusted image (an accepted format, under the pixel cap, its first frame), turns it
 * upright, fits it within MAX_EDGE and re-encodes it with `encode`, keeping no metadata. Anything
 * that fails on the way is not an image we can use.
 */
export async function reencodeUntrusted(
  bytes: Uint8Array,
  encode: (image: Sharp) => Sharp,
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new BadRequestError(NOT_AN_IMAGE);
    const upright = image.rotate().resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
    return new Uint8Array(await encode(upright).toBuffer());
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw new BadRequestError(NOT_AN_IMAGE);
  }
}

/** Every size kept next to the provider's original is cut from this exact 16:9 frame. */
export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;
/**
 * Widths of the chat's WebP previews: a phone, a laptop's chat column, and that column on a
 * 2x screen (the frame itself). The browser picks one with `srcset`/`sizes`.
 */
export const PREVIEW_WIDTHS = [480, 960, 1280] as const;
/** The YouTube-ready JPEG stays at or under this, far inside YouTube's own 2 MB limit. */
export const MAX_JPEG_BYTES = 600_000;
/** JPEG qualities tried in turn until the file fits. */
const JPEG_QUALITIES = [85, 75, 65, 50] as const;

/** The decoded 1280x720 frame, raw RGB(A): decoded once, every output encodes from it. */
export interface Frame {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** An encoder over the decoded frame (sharp is loaded on first use). */
const encoder = async (frame: Frame) => (await loadSharp())(frame.data, { raw: frame.info });

/**
 * Decodes the provider's image once and crops it to the exact 16:9 frame at 1280x720. An image
 * that is the frame already (what gpt-image-2 is asked for) is used as it is: resizing it to its
 * own size gives the same pixels, and costs about twice the decode.
 */
export async function decodeFrame(original: Uint8Array): Promise<Frame> {
  const sharp = await loadSharp();
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  const { width, height } = await image.metadata();
  const framed =
    width === FRAME_WIDTH && height === FRAME_HEIGHT
      ? image
      : image.resize(FRAME_WIDTH, FRAME_HEIGHT, { fit: 'cover', position: 'centre' });
  const { data, info } = await framed.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * One of the chat's previews, WebP at `width`. The fastest WebP method: every job waits for
 * these, and the slower methods save only about 5% of the bytes.
 */
export async function encodePreview(frame: Frame, width: number): Promise<Uint8Array> {
  const full = await encoder(frame);
  const image = width === frame.info.width ? full : full.resize(width);
  return new Uint8Array(await image.webp({ quality: 75, effort: 0 }).toBuffer());
}

/** The chat's previews at every preview width, narrowest first. */
export const encodePreviews = (frame: Frame) =>
  Promise.all(PREVIEW_WIDTHS.map(async (width) => ({ width, bytes: await encodePreview(frame, width) })));

/** WebP qualities a partial picture is tried at, in turn, until it fits its size. */
const PARTIAL_QUALITIES = [60, 45, 30, 15] as const;

/**
 * A partial picture as the chat shows it while the provider draws: its 16:9 frame `width` wide
 * as a WebP at the first quality that fits `maxBytes` (the last one tried, if none does).
 */
export async function encodePartial(
  bytes: Uint8Array,
  { width, maxBytes }: { width: number; maxBytes: number },
): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const frame = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(width, Math.round((width * FRAME_HEIGHT) / FRAME_WIDTH), { fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let webp = Buffer.alloc(0);
  for (const quality of PARTIAL_QUALITIES) {
    webp = await sharp(frame.data, { raw: frame.info }).webp({ quality, effort: 2 }).toBuffer();
    if (webp.length <= maxBytes) break;
  }
  return new Uint8Array(webp);
}

/** The frame as a PNG, quickly: a low deflate level costs a few percent of bytes, not seconds. */
export async function losslessPng(frame: Frame): Promise<Uint8Array> {
  return new Uint8Array(await (await encoder(frame)).png({ compressionLevel: 2 }).toBuffer());
}

/** One file a job stores for the chat: its name in the image's folder, its bytes and type. */
export interface ChatImage {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

/** The name of a chat preview's file: one WebP per preview width. */
export const previewName = (width: number) => `preview-${width}.webp`;

/**
 * What a job stores for the chat, from one decode: the WebP previews, encoded side by side, each
 * handed to `store` as soon as it is ready (so storing one overlaps encoding the next). Nothing
 * else: a browser without WebP falls back to the original (every browser that runs the app's
 * code decodes WebP), and the downloads are made from the original when first asked for
 * (`makeDownload`): most images are never downloaded, and every job would wait for them.
 */
export async function deriveImageSizes(
  original: Uint8Array,
  store: (image: ChatImage) => Promise<void>,
): Promise<void> {
  const frame = await decodeFrame(original);
  await Promise.all(
    PREVIEW_WIDTHS.map(async (width) =>
      store({
        name: previewName(width),
        bytes: await encodePreview(frame, width),
        contentType: 'image/webp',
      }),
    ),
  );
}

/** The two 1280x720 downloads: the lossless PNG, and the YouTube-ready JPEG (the recommended one). */
export type DownloadFormat = 'png' | 'jpeg';

/**
 * One download of a provider's original: the lossless 1280x720 PNG (fast deflate; a photo-like
 * image can pass 2 MB, and is never re-quantised to a palette), or the YouTube-ready 1280x720
 * JPEG, mozjpeg at the highest quality that keeps it at or under 600 KB.
 */
export async function makeDownload(
  original: Uint8Array,
  format: DownloadFormat,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const frame = await decodeFrame(original);
  return format === 'png'
    ? { bytes: await losslessPng(frame), contentType: 'image/png' }
    : { bytes: await youtubeJpeg(frame), contentType: 'image/jpeg' };
}

/**
 * The frame as a mozjpeg JPEG at the first quality that fits `maxBytes`, trying at most four;
 * at 1280x720 even pure noise fits 600 KB at the first, so the later ones are a bound, not a habit.
 */
export async function youtubeJpeg(frame: Frame, maxBytes = MAX_JPEG_BYTES): Promise<Uint8Array> {
  let jpeg = Buffer.alloc(0);
  for (const quality of JPEG_QUALITIES) {
    jpeg = await (await encoder(frame))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= maxBytes) break;
  }
  return new Uint8Array(jpeg);
}

/** Side of the square thumbnail kept with each model photo, for pickers and chips. */
const THUMBNAIL_SIZE = 256;

/** A small square JPEG of an already checked image, centred on its middle. */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const thumbnail = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(thumbnail);
}
