import { putBlob } from '../adapters/blob-store';
import type { ImageKeys, StoredMessage } from '../core/types';
import { deriveImageSizes, PREVIEW_WIDTHS, previewName } from '../lib/images';

/**
 * Stores one of a job's images: the original and the chat's WebP previews. The original is also
 * the chat's fallback for a browser without WebP, which no browser that runs the app lacks. The
 * downloads' keys are fixed here, so deleting the message deletes them too, but their files are
 * made when first asked for (see downloads.ts). Each image of an answer has its own prefix: the
 * first where an answer's one image always was, the others beside it (`v1`, `v2`, ...).
 */
export async function storeJobImage(
  job: StoredMessage,
  original: Uint8Array,
  position = 0,
): Promise<ImageKeys> {
  // Per attempt, so a delivery that loses the settle race can't delete the winner's images.
  const attempt = `images/${job.user_id}/${job.id}/${job.attempts ?? 1}`;
  const base = position === 0 ? attempt : `${attempt}/v${position}`;
  const originalKey = `${base}/original.png`;
  await Promise.all([
    putBlob(originalKey, original, 'image/png'),
    deriveImageSizes(original, ({ name, bytes, contentType }) =>
      putBlob(`${base}/${name}`, bytes, contentType),
    ),
  ]);
  return {
    original: originalKey,
    export: `${base}/thumbnail-1280x720.png`,
    youtube: `${base}/thumbnail-1280x720.jpg`,
    preview: originalKey,
    previews: PREVIEW_WIDTHS.map((width) => ({ width, key: `${base}/${previewName(width)}` })),
  };
}
