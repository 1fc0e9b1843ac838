import { REGION_TEXTS, type TextLayer } from '@thumbnail-studio/contract';
import type { GenerationResult, ImageData, RegionRequest } from '@thumbnail-studio/providers';
import { getBlob, putBlob } from '../adapters/blob-store';
import type { StoredMessage } from '../core/types';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { newId } from '../lib/ids';
import { maskPng, putBackRegion, readMask, regionRequest, storedMask } from '../lib/region';
import { loadSharp } from '../lib/sharp';
import { readUpload, referencePrefix, uploadPrefix } from './references';
import type { PlacedLogo } from './text-layers';

const PNG_DATA_URL = /^data:image\/png;base64,/i;

/** A send's mask as bytes: a PNG data URL, or one of the caller's own uploads (another's is not found). */
async function maskBytes(userId: string, mask: string): Promise<Uint8Array> {
  if (mask.startsWith('data:')) {
    const header = PNG_DATA_URL.exec(mask);
    if (!header) throw new BadRequestError(REGION_TEXTS.notPng);
    return new Uint8Array(Buffer.from(mask.slice(header[0].length), 'base64'));
  }
  if (!mask.startsWith(uploadPrefix(userId)) || mask.includes('..'))
    throw new NotFoundError('Mask not found');
  return readUpload(userId, mask);
}

/**
 * Checks a region edit's mask against the image it edits (`imageKey`) and stores it as that
 * image's mask (a PNG its size, opaque where painted; see readMask for what is refused), pending
 * until its message is stored. Answers its key, and the upload it came from, if any.
 */
export async function storeRequestMask(
  userId: string,
  mask: string,
  imageKey: string,
): Promise<{ key: string; upload?: string }> {
  const sharp = await loadSharp();
  const [bytes, image] = await Promise.all([maskBytes(userId, mask), getBlob(imageKey)]);
  if (!image) throw new NotFoundError('Message not found');
  const { width, height } = await sharp(image.bytes).metadata();
  if (!width || !height) throw new Error('the edited image has no size');
  const { mask: pixels } = await readMask(bytes, { width, height });
  const key = `${referencePrefix(userId)}${newId()}-mask.png`;
  await putBlob(key, await maskPng(pixels), 'image/png', { pending: true });
  return { key, ...(mask.startsWith('data:') ? {} : { upload: mask }) };
}

/** What a job makes of a region edit: what the provider is sent, and how its answers come back. */
export interface RegionEdit {
  /** The region as each provider may send it. */
  request: RegionRequest;
  /** An answer put back over the edited image through the painted area only. */
  putBack(result: Extract<GenerationResult, { type: 'image' }>): Promise<Uint8Array>;
  /** The edited image's layers, carried over unchanged. */
  layers: TextLayer[];
  logo: PlacedLogo | undefined;
}

/**
 * A request's region edit, when it has a mask: `source` is the picture it edits (the image's
 * base when it has layers; the job's first image), read with its mask and its layers' logo.
 */
export async function regionEditOf(
  request: StoredMessage,
  source: ImageData | undefined,
): Promise<RegionEdit | undefined> {
  if (!request.mask_key || !source) return undefined;
  const [stored, logo] = await Promise.all([getBlob(request.mask_key), carriedLogo(request)]);
  if (!stored) throw new Error('the region edit has no mask');
  const mask = await storedMask(stored.bytes);
  return {
    request: await regionRequest(source, mask),
    putBack: (result) => putBackRegion(source.bytes, result.image.bytes, mask.mask, result.placedAt),
    layers: request.edit_from?.text_layers ?? [],
    logo,
  };
}

/** The logo layer of the image a region edit edits, read to be drawn again over the result. */
async function carriedLogo(request: StoredMessage): Promise<PlacedLogo | undefined> {
  const logo = request.edit_from?.logo;
  const picture = logo && (await getBlob(logo.key));
  return logo && picture ? { bytes: picture.bytes, box: logo.box } : undefined;
}
