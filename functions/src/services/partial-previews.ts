import { PARTIAL_PREVIEW } from '@thumbnail-studio/contract';
import type { PartialImage } from '@thumbnail-studio/providers';
import { deleteBlobs, putBlob } from '../adapters/blob-store';
import type { StoredMessage } from '../core/types';
import { showJobPartial } from '../data/jobs-repo';
import { encodePartial } from '../lib/images';
import { logger } from '../lib/logger';

/** Where a job's `index`-th partial of its `variation`th image is kept: beside its images, one file each. */
const partialKey = (job: StoredMessage, variation: number, index: number) =>
  `images/${job.user_id}/${job.id}/${job.attempts ?? 1}/partial-v${variation}-${index}.webp`;

/** A job's partial pictures as they arrive: `listener` for each image, `discard` when it is over. */
export interface PartialPreviews {
  /** Hears the partials of the job's `variation`th image (the provider's `onPartial`). */
  listener(variation: number): (partial: PartialImage) => void;
  /** Waits for the partials still being kept, then deletes every one kept: the job is over. */
  discard(): Promise<void>;
}

/**
 * Keeps a job's partial pictures while its provider draws: each is encoded as a small WebP
 * (PARTIAL_PREVIEW), stored (tagged pending, so a worker that dies leaves nothing for long) and
 * shown in one small write, in order per image (a later one is never overwritten by an earlier).
 * A partial that cannot be kept is skipped: it never fails the job, and never counts as its result.
 */
export function partialPreviews(job: StoredMessage): PartialPreviews {
  const chains = new Map<number, Promise<void>>();
  const kept: string[] = [];
  const keep = async (variation: number, { image, index }: PartialImage) => {
    const key = partialKey(job, variation, index);
    const webp = await encodePartial(image.bytes, PARTIAL_PREVIEW);
    await putBlob(key, webp, 'image/webp', { pending: true });
    kept.push(key);
    await showJobPartial(job, variation, key);
  };
  return {
    listener: (variation) => (partial) => {
      const previous = chains.get(variation) ?? Promise.resolve();
      chains.set(
        variation,
        previous.then(() =>
          keep(variation, partial).catch((error: unknown) =>
            logger.warn('a partial picture was not kept', { jobId: job.id, variation, error }),
          ),
        ),
      );
    },
    async discard() {
      await Promise.all(chains.values());
      if (kept.length > 0) {
        await deleteBlobs(kept).catch((error: unknown) =>
          logger.warn('partial pictures not deleted', { jobId: job.id, error }),
        );
      }
    },
  };
}
