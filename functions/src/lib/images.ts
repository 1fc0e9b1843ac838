import { BadRequestError } from './errors';
import { loadSharp } from './sharp';

/** Formats we accept from users; SVG (scriptable) and anything else is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decoding stops past this many pixels, so a small file can't unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Longest edge kept for references and model photos; providers don't use more. */
const MAX_EDGE = 2048;
/** YouTube's thumbnail limit; the export must stay under it. */
export const MAX_EXPORT_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE =
  'That file is not an image we can use. Please attach a JPEG, PNG, WebP, GIF or AVIF image.';

/**
 * Decodes an untrusted image and re-encodes it as JPEG: applies the EXIF
 * orientation, drops all metadata (including location), caps the size.
 */
export async function normalizeImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new BadRequestError(NOT_AN_IMAGE);
    const output = await image
      .rotate()
      .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: false })
      .toBuffer();
    return { bytes: new Uint8Array(output), mimeType: 'image/jpeg' };
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw new BadRequestError(NOT_AN_IMAGE);
  }
}

/**
 * The sizes kept next to the provider's original: a 16:9 1280x720 PNG under
 * 2 MB for download (the download is named `…_generated.png`), and a small JPEG preview.
 */
export async function deriveImageSizes(
  original: Uint8Array,
): Promise<{ export: Uint8Array; preview: Uint8Array }> {
  const sharp = await loadSharp();
  const source = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  const frame = source.clone().resize(1280, 720, { fit: 'cover', position: 'centre' });
  const [full, preview] = await Promise.all([
    frame.clone().png({ compressionLevel: 6 }).toBuffer(),
    source.clone().resize(640, 360, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer(),
  ]);
  const exported =
    full.length <= MAX_EXPORT_BYTES
      ? full
      : await frame.clone().png({ palette: true, quality: 90, compressionLevel: 6 }).toBuffer();
  return { export: new Uint8Array(exported), preview: new Uint8Array(preview) };
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
