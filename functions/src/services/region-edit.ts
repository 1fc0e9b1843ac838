import { type PixelBox, REGION_TEXTS } from '@thumbnail-studio/contract';
import type { ImageData, RegionRequest } from '@thumbnail-studio/providers';
import { getBlob, putBlob } from '../adapters/blob-store';
import { imagesOf } from '../core/messages';
import type { MaskPixels } from '../core/region';
import type { ImageKeys, StoredMessage } from '../core/types';
import { getMessageById } from '../data/messages-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { maskPng, putBackRegion, readMask, regionRequest, storedMask } from '../lib/region';
import { loadSharp } from '../lib/sharp';
import { readUpload, uploadPrefix } from './references';
import type { PlacedLogo } from './text-layers';

const PNG_DATA_URL = 'data:image/png;base64,';

/** Where a user message's normalised mask is kept, beside the message, under its owner's prefix. */
export const maskKeyOf = (userId: string, messageId: string) => `masks/${userId}/${messageId}.png`;

/** The key a region edit starts from in a chosen image: its picture without text layers, if it has one. */
export const regionSourceKey = (keys: ImageKeys) => keys.base ?? keys.original;

/**
 * The bytes of a send's mask: a PNG data URL, or the key of one of the caller's own uploads
 * (another creator's is not found). Anything else is not a PNG.
 */
async function maskBytes(userId: string, mask: string): Promise<Uint8Array> {
  if (mask.startsWith(PNG_DATA_URL))
    return new Uint8Array(Buffer.from(mask.slice(PNG_DATA_URL.length), 'base64'));
  if (mask.startsWith('data:')) throw new BadRequestError(REGION_TEXTS.notPng);
  if (!mask.startsWith(uploadPrefix(userId)))
    throw new NotFoundError('The painted area could not be found. Please paint it again.');
  return readUpload(userId, mask);
}

/**
 * A send's mask, checked and normalised for the image `sourceKey` it edits (see readMask): stored
 * pending under `key` (its message's mask key), to be kept once the message is stored. Every
 * refusal comes before anything is stored. Answers the upload it was read from, if any, which is
 * used up with the send.
 */
export async function storeSendMask(
  userId: string,
  mask: string,
  sourceKey: string,
  key: string,
): Promise<{ upload?: string }> {
  const sharp = await loadSharp();
  const bytes = await maskBytes(userId, mask);
  const source = await getBlob(sourceKey);
  const size = source && (await sharp(source.bytes).metadata());
  if (!size?.width || !size.height) throw new BadRequestError(REGION_TEXTS.needsImage);
  const read = await readMask(bytes, { width: size.width, height: size.height });
  await putBlob(key, await maskPng(read.mask), 'image/png', { pending: true });
  return mask.startsWith(PNG_DATA_URL) ? {} : { upload: mask };
}

/** The image a region edit changes: its textless picture, and the layers drawn over it. */
export interface RegionSource {
  image: ImageData;
  layers: NonNullable<ImageKeys['text_layers']>;
  logo?: PlacedLogo;
}

/**
 * The source of a region edit asked by `request` (a user message with `mask_key`): the chosen
 * image's textless picture with its text and logo layers, and the stored mask. Fails when the
 * chosen image or the mask is gone.
 */
export async function readRegionEdit(
  request: StoredMessage,
): Promise<{ source: RegionSource; painted: { mask: MaskPixels; bounds: PixelBox } }> {
  const { edit_from: editFrom, mask_key: maskKey } = request;
  if (!editFrom || !maskKey) throw new Error('a region edit needs its chosen image and its mask');
  const message = await getMessageById(request.user_id, editFrom.message_id);
  const keys =
    message?.conversation_id === request.conversation_id ? imagesOf(message)[editFrom.index] : undefined;
  const [picture, mask, logo] = await Promise.all([
    keys && getBlob(regionSourceKey(keys)),
    getBlob(maskKey),
    keys?.logo && getBlob(keys.logo.key),
  ]);
  if (!keys || !picture || !mask) throw new Error('the region edit lost its image or its mask');
  return {
    source: {
      image: { bytes: picture.bytes, mimeType: picture.contentType },
      layers: keys.text_layers ?? [],
      ...(keys.logo && logo ? { logo: { bytes: logo.bytes, box: keys.logo.box } } : {}),
    },
    painted: await storedMask(mask.bytes),
  };
}

/** An answer to a region edit, ready to store: the picture put back, and the source's layers. */
export interface RegionAnswer {
  bytes: Uint8Array;
  layers: RegionSource['layers'];
  logo?: PlacedLogo;
}

/**
 * A region edit of `request`, as a job or an own-key answer makes it: the source and what a
 * provider is sent (`region`), and `putBack`, which puts any answer over the source through the
 * feathered painted area only, carrying the source's text and logo layers unchanged.
 */
export async function regionEditOf(request: StoredMessage): Promise<{
  source: ImageData;
  region: RegionRequest;
  putBack: (answer: Uint8Array, placedAt?: PixelBox) => Promise<RegionAnswer>;
}> {
  const { source, painted } = await readRegionEdit(request);
  return {
    source: source.image,
    region: await regionRequest(source.image, painted),
    putBack: async (answer, placedAt) => ({
      bytes: await putBackRegion(source.image.bytes, answer, painted.mask, placedAt),
      layers: source.layers,
      ...(source.logo ? { logo: source.logo } : {}),
    }),
  };
}
