import type { TextLayer } from '@thumbnail-studio/contract';
import { deleteBlobs, putBlob } from '../adapters/blob-store';
import { keysOfImage } from '../core/messages';
import type { ImageKeys, StoredMessage } from '../core/types';
import { decodeFrame, deriveImageSizes, losslessPng, PREVIEW_WIDTHS, previewName } from '../lib/images';
import { type PlacedLogo, renderComposite } from './text-layers';

/** A stored image: its keys, and the bytes of its original (with layers, the composite). */
export interface StoredImage {
  keys: ImageKeys;
  original: Uint8Array;
  /** With layers: the base they are drawn over (`original` is the composite). */
  layered?: { base: Uint8Array; layers: readonly TextLayer[]; logo?: PlacedLogo };
}

/**
 * Stores one of a job's images: the original and the chat's WebP previews. The original is also
 * the chat's fallback for a browser without WebP, which no browser that runs the app lacks. The
 * downloads' keys are fixed here, so deleting the message deletes them too, but their files are
 * made when first asked for (see downloads.ts). Each image of an answer has its own prefix: the
 * first where an answer's one image always was, the others beside it (`v1`, `v2`, ...). With text
 * `layers` or a `logo`, the provider's image is kept as the base and the original is the layers
 * drawn over it.
 */
export async function storeJobImage(
  job: StoredMessage,
  original: Uint8Array,
  position = 0,
  layers: readonly TextLayer[] = [],
  logo?: PlacedLogo,
): Promise<StoredImage> {
  // Per attempt, so a delivery that loses the settle race can't delete the winner's images.
  const attempt = `images/${job.user_id}/${job.id}/${job.attempts ?? 1}`;
  return storeImage(position === 0 ? attempt : `${attempt}/v${position}`, original, layers, logo);
}

/**
 * Stores an image under `prefix`: with no `layers` and no `logo`, `picture` is the original; with
 * either, its 1280x720 frame is their base, kept beside the original drawn from it (the
 * composite, at that size), and the layers are its data, the logo's picture copied beside it.
 */
export async function storeImage(
  prefix: string,
  picture: Uint8Array,
  layers: readonly TextLayer[] = [],
  logo?: PlacedLogo,
): Promise<StoredImage> {
  const originalKey = `${prefix}/original.png`;
  const baseKey = `${prefix}/base.png`;
  const logoKey = `${prefix}/logo.png`;
  // Layers are placed in the 16:9 frame every size is cut from, so their base is that frame.
  const layered = layers.length > 0 || logo !== undefined;
  const base = layered ? await losslessPng(await decodeFrame(picture)) : undefined;
  const original = base ? await renderComposite(base, layers, logo) : picture;
  await Promise.all([
    putBlob(originalKey, original, 'image/png'),
    ...(base ? [putBlob(baseKey, base, 'image/png')] : []),
    ...(logo ? [putBlob(logoKey, logo.bytes, 'image/png')] : []),
    deriveImageSizes(original, ({ name, bytes, contentType }) =>
      putBlob(`${prefix}/${name}`, bytes, contentType),
    ),
  ]);
  const keys: ImageKeys = {
    original: originalKey,
    ...(base ? { base: baseKey, text_layers: [...layers] } : {}),
    ...(logo ? { logo: { key: logoKey, box: logo.box } } : {}),
    export: `${prefix}/thumbnail-1280x720.png`,
    youtube: `${prefix}/thumbnail-1280x720.jpg`,
    preview: originalKey,
    previews: PREVIEW_WIDTHS.map((width) => ({ width, key: `${prefix}/${previewName(width)}` })),
  };
  return { keys, original, ...(base ? { layered: { base, layers, ...(logo ? { logo } : {}) } } : {}) };
}

/** Runs `store` (the message that holds `images`), deleting the images if it fails: no orphans. */
export async function keepingImagesWith<T>(
  images: readonly ImageKeys[],
  store: () => Promise<T>,
): Promise<T> {
  try {
    return await store();
  } catch (error) {
    await deleteBlobs(images.flatMap(keysOfImage));
    throw error;
  }
}
