import { fitWithin, type SizeLimit } from './image-size';

/** One JPEG encoding: the largest size and the quality. */
export interface CompressionPass extends SizeLimit {
  quality: number;
}

export const FIRST_PASS: CompressionPass = { maxWidth: 1920, maxHeight: 1080, quality: 0.7 };
export const SECOND_PASS: CompressionPass = { maxWidth: 1280, maxHeight: 720, quality: 0.5 };
/** A first pass larger than this (2 MB) is encoded again, smaller. */
export const MAX_FIRST_PASS_BYTES = 2 * 1024 * 1024;

/** Draws the image within a pass's limits and encodes it as JPEG. */
export type Encode = (pass: CompressionPass) => Promise<Blob>;

/** The two passes: the first (1920x1080, 0.7); only if it is over 2 MB, the second (1280x720, 0.5). */
export async function compressWith(encode: Encode): Promise<Blob> {
  const first = await encode(FIRST_PASS);
  if (first.size <= MAX_FIRST_PASS_BYTES) return first;
  return encode(SECOND_PASS);
}

const JPEG = 'image/jpeg';

function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    return {
      context: canvas.getContext('2d'),
      toBlob: (quality: number) => canvas.convertToBlob({ type: JPEG, quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    context: canvas.getContext('2d'),
    toBlob: (quality: number) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('Canvas gave no blob'))),
          JPEG,
          quality,
        ),
      ),
  };
}

async function encodeJpeg(bitmap: ImageBitmap, pass: CompressionPass): Promise<Blob> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, pass);
  const { context, toBlob } = canvasOf(width, height);
  if (!context) throw new Error('No 2D canvas');
  // JPEG has no transparency: transparent pixels become white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await toBlob(pass.quality);
  if (blob.type !== JPEG) throw new Error(`The canvas encoded ${blob.type || 'nothing'}, not JPEG`);
  return blob;
}

/**
 * A photo made ready to send: JPEG within 1920x1080 at quality 0.7, or within 1280x720 at 0.5 when the
 * first is over 2 MB. A photo the browser cannot decode or encode is sent as it is.
 */
export async function compressImage(file: File): Promise<Blob> {
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file);
    const decoded = bitmap;
    return await compressWith((pass) => encodeJpeg(decoded, pass));
  } catch (error) {
    console.warn(`Could not compress ${file.name}; sending the original`, error);
    return file;
  } finally {
    bitmap?.close();
  }
}
