import { type PixelBox, regionCropBox } from '@thumbnail-studio/contract';
import {
  base64ToBytes,
  type ImageData as ProviderImage,
  type RegionRequest,
} from '@thumbnail-studio/providers';
import { paintedBounds } from '../../../lib/painted-bounds';

/**
 * A region edit made in this browser with the creator's own key: the forms of the painted area a
 * provider may send, prepared with a canvas as the worker prepares them. The backend puts the
 * answer back over the original through the painted area when it stores it.
 */

type Picture = ImageBitmap;

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot prepare the painted area.');
  return { canvas, context };
}

async function pngOf(canvas: HTMLCanvasElement): Promise<ProviderImage> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser cannot prepare the painted area.');
  return { bytes: new Uint8Array(await blob.arrayBuffer()), mimeType: 'image/png' };
}

const pictureOf = ({ bytes, mimeType }: ProviderImage): Promise<Picture> =>
  createImageBitmap(new Blob([bytes as BlobPart], { type: mimeType }));

/** A mask's data URL read as bytes (decoded here: the site's policy lets no page fetch a data URL). */
export function maskBytes(dataUrl: string): ProviderImage {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  return { bytes: base64ToBytes(body), mimeType: head.slice('data:'.length).split(';')[0] || 'image/png' };
}

/**
 * What the provider is sent for a painted area (`mask`, a PNG data URL of any size) over `source`:
 * the mask at the source's size, the same with the painted area transparent (OpenAI's form), and
 * the painted area's bounding box with its margin cut out of the source (a crop-editing provider's).
 * Undefined when nothing is painted.
 */
export async function prepareRegion(mask: string, source: ProviderImage): Promise<RegionRequest | undefined> {
  const [picture, painted] = await Promise.all([pictureOf(source), pictureOf(maskBytes(mask))]);
  const size = { width: picture.width, height: picture.height };

  const scaled = canvasOf(size.width, size.height);
  scaled.context.drawImage(painted, 0, 0, size.width, size.height);
  const bounds = paintedBounds(scaled.context.getImageData(0, 0, size.width, size.height));
  if (!bounds) return undefined;

  const inverted = canvasOf(size.width, size.height);
  inverted.context.fillRect(0, 0, size.width, size.height);
  inverted.context.globalCompositeOperation = 'destination-out';
  inverted.context.drawImage(scaled.canvas, 0, 0);

  const box = regionCropBox(bounds, size);
  const cut = canvasOf(box.width, box.height);
  cut.context.drawImage(picture, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);

  const [maskPng, editMask, crop] = await Promise.all([
    pngOf(scaled.canvas),
    pngOf(inverted.canvas),
    pngOf(cut.canvas),
  ]);
  return { mask: maskPng, editMask, crop: { box, image: crop } };
}

/**
 * An answer for a crop, scaled into its box over the source, so what is stored is a whole picture
 * the source's size (the backend then keeps only its painted area).
 */
export async function placeAnswer(
  answer: ProviderImage,
  box: PixelBox,
  source: ProviderImage,
): Promise<ProviderImage> {
  const [picture, part] = await Promise.all([pictureOf(source), pictureOf(answer)]);
  const whole = canvasOf(picture.width, picture.height);
  whole.context.drawImage(picture, 0, 0);
  whole.context.drawImage(part, box.x, box.y, box.width, box.height);
  return pngOf(whole.canvas);
}
