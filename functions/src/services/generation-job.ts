import { type JobMessage, logoLayerBox, PHASE_TEXT, type PixelBox } from '@thumbnail-studio/contract';
import type { GenerationResult, ImageData } from '@thumbnail-studio/providers';
import {
  classifyIfEditable,
  makeVariations,
  type Operation,
  otherErrorText,
} from '@thumbnail-studio/providers';
import { deleteBlobs, getBlob } from '../adapters/blob-store';
import { getSecrets } from '../adapters/secrets';
import { jobDurations } from '../core/job-timings';
import { CLASSIFIER_TURNS, providerCallsPerJob, rateLimitRetrySeconds } from '../core/jobs';
import { NOTHING_TO_CHECK } from '../core/legibility';
import { keysOfImage } from '../core/messages';
import { isTransientError } from '../core/transient-errors';
import type { StoredMessage } from '../core/types';
import { getBrandKitByUser, type StoredBrandKit } from '../data/brand-kit-repo';
import { recordJobDurations } from '../data/job-timings-repo';
import {
  claimJob,
  completeJobAndCommitCredit,
  handBackJob,
  refundJob,
  showJobPhase,
} from '../data/jobs-repo';
import { trackModelUsage } from '../data/models-repo';
import { createProvider, isProviderId } from '../image-providers';
import { logger } from '../lib/logger';
import { settings } from '../lib/settings';
import { beforeDeadline } from '../lib/time-limit';
import { nameConversationAfterAnswer } from './conversations';
import {
  type JobContext,
  loadJobImages,
  loadPeople,
  readJobContext,
  textLayerOf,
  toChatTurns,
} from './job-context';
import { storeJobImage } from './job-images';
import { type AnsweredJob, verdictAtSettle } from './legibility-check';
import { partialPreviews } from './partial-previews';
import { regionEditOf } from './region-edit';
import { designLayers, type PlacedLogo } from './text-layers';

/** How far a job got: which provider operation it is in, once decided. */
interface Progress {
  operation?: Operation;
}

/**
 * Thrown when a job went back to the queue unsettled, after a transient failure or a provider's
 * rate limit: the worker fails its record, so the queue delivers it again, after
 * `retryAfterSeconds` when the provider asked for a wait.
 */
export class JobHandedBackError extends Error {
  constructor(
    jobId: string,
    options: ErrorOptions,
    readonly retryAfterSeconds?: number,
  ) {
    super(`job ${jobId} goes back to the queue`, options);
    this.name = 'JobHandedBackError';
  }
}

/**
 * Runs one generation job to the end: classify, generate or edit (each variation
 * asked for, at once), store the images, settle the credits. A delivery of a job that is settled, or held by
 * another worker, does nothing; any failure refunds the credit.
 *
 * The job has `deadlineMs` for all of it. When that passes, every step still
 * under way is aborted and the job is refunded at once, with the provider's
 * text for a failed generation or edit (the general one before either began).
 * A transient failure of storage or the database (see isTransientError) refunds nothing unless
 * this is the `lastDelivery`: the job goes back to the queue, and this throws JobHandedBackError.
 * So does a job whose every variation the provider refused for its rate limit, with the wait it
 * asked for, while the job may still wait that long (rateLimitRetrySeconds).
 * Answers the settled image, for what follows a job (the likeness and legibility checks).
 */
export async function runGenerationJob(
  message: JobMessage,
  deadlineMs: number = settings().JOB_DEADLINE_MS,
  lastDelivery = true,
): Promise<AnsweredJob | undefined> {
  // A message that names its request lets the job read its conversation first: a request with
  // nothing to edit is a new image, so the claim shows that phase in its one write. A read that
  // fails here is made again after the claim, where a failure refunds the job.
  const early = message.requestId
    ? await readJobContext(message.conversationId, message.requestId).catch((error) => {
        logger.warn('the conversation could not be read before the claim', { jobId: message.jobId, error });
        return undefined;
      })
    : undefined;
  const job = await claimJob(message, early?.request && !early.canEdit ? PHASE_TEXT.generating : undefined);
  if (!job) {
    logger.info('job already taken or settled', { jobId: message.jobId });
    return undefined;
  }
  const progress: Progress = {};
  const outcome = await beforeDeadline(deadlineMs, new DOMException(OUT_OF_TIME, 'TimeoutError'), (signal) =>
    answerJob(job, signal, progress, early, lastDelivery),
  );
  if (outcome.inTime) return outcome.value;
  await refundOutOfTime(job, { deadlineMs, progress, work: outcome.work });
  return undefined;
}

/** Why a job's steps were aborted; also the message in Gemini's text for it. */
const OUT_OF_TIME = 'The operation was aborted due to timeout';

/**
 * Refunds a job that ran out of time, with the provider's text for the operation it was in, then
 * waits for its `work` (every step gives up once the deadline has passed) to delete images it
 * stored meanwhile.
 */
async function refundOutOfTime(
  job: StoredMessage,
  { deadlineMs, progress, work }: { deadlineMs: number; progress: Progress; work: Promise<unknown> },
) {
  const settled = await refundJob(job, 'deadline', outOfTimeText(job, progress));
  // `refunded` is false only when the job settled just before its deadline.
  logger.warn('job ran out of time', { jobId: job.id, deadlineMs, refunded: settled, ...progress });
  await work.catch((error) => logger.warn('job failed after its deadline', { jobId: job.id, error }));
}

/** The provider's own text for a job that ran out of time in its operation, if it began one. */
function outOfTimeText(job: StoredMessage, progress: Progress): string | undefined {
  const provider = job.provider ?? 'local';
  if (!progress.operation || !isProviderId(provider)) return undefined;
  return otherErrorText(provider, progress.operation, OUT_OF_TIME);
}

/**
 * The job's work, step by step, each one given `signal`, from the conversation as read before
 * the claim (`early`) or, without it, read now. Once `signal` has aborted,
 * the job is no longer this function's to settle: it stops, deleting any
 * images it stored.
 */
async function answerJob(
  job: StoredMessage,
  signal: AbortSignal,
  progress: Progress,
  early: JobContext | undefined,
  lastDelivery: boolean,
): Promise<AnsweredJob | undefined> {
  let settled = false;
  // Pictures a streaming provider sends while it draws, shown until the images are ready.
  const partials = partialPreviews(job);
  try {
    if (!job.request_id) throw new Error('the job has no user message');
    const { request, upToRequest, keys, canEdit } =
      early?.requestId === job.request_id ? early : await readJobContext(job.conversation_id, job.request_id);
    if (!request) throw new Error('the job has no user message');
    const upToJob = [...upToRequest, job];

    const provider = await createProvider(job.provider ?? 'local', await getSecrets('providers'));
    // Classified with the chat as the creator sees it right after sending: the new message
    // and its placeholder last. The model gets only the earlier turns as context, since the
    // new message is sent to it separately.
    const turns = toChatTurns(upToJob).slice(-CLASSIFIER_TURNS);
    const earlier = turns.slice(0, -2);
    // The classifier (asked only when there is an image to edit) runs beside the reads of the
    // images and the people.
    // A region edit (a painted mask) is always an edit of its chosen image: no classifier.
    const [kind, images, people, kit, region] = await Promise.all([
      classifyIfEditable(
        canEdit && !request.mask_key,
        turns,
        request.content,
        { classify: (_history, text) => provider.classify(earlier, text, { signal }) },
        (error) => logger.warn('classifier failed; treating the request as a new image', { error }),
      ),
      loadJobImages(keys),
      loadPeople(job.user_id, request.selected_model_ids ?? []),
      getBrandKitByUser(job.user_id, { consistent: false }),
      request.mask_key ? regionEditOf(request) : undefined,
    ]);
    const isEdit = region !== undefined || (kind === 'IMAGE_EDIT' && images.length > 0);
    signal.throwIfAborted();
    progress.operation = isEdit ? 'edit' : 'generate';
    // Shown while the provider works, unless the claim showed it: the wait for an image does not
    // include this write, and a phase that could not be shown fails no job.
    const phase = isEdit ? PHASE_TEXT.editing : PHASE_TEXT.generating;
    const phaseShown =
      job.content === phase
        ? undefined
        : showJobPhase(job, phase).catch((error) =>
            logger.warn('the job phase could not be shown', { jobId: job.id, error }),
          );

    const { PROVIDER_CALLS_AT_ONCE, WORKER_CONCURRENCY } = settings();
    // A region edit changes its painted area only: the image's layers stay as they were, and no
    // new one is drawn over them.
    const textLayer = region ? undefined : textLayerOf(job, request);
    const results = await makeVariations(
      job.variations ?? 1,
      (variation) => {
        const asked = {
          prompt: request.content,
          ...people,
          signal,
          variation,
          textLayer,
          onPartial: partials.listener(variation),
        };
        return region
          ? provider.edit({ ...asked, images: [region.source, ...images.slice(1)], region: region.region })
          : isEdit
            ? provider.edit({ ...asked, images })
            : provider.generate({ ...asked, references: images });
      },
      (variation, error) => logger.error('a variation failed', { jobId: job.id, variation, error }),
      providerCallsPerJob(PROVIDER_CALLS_AT_ONCE, WORKER_CONCURRENCY),
    );
    await phaseShown;
    signal.throwIfAborted();

    const kept: (ImageData & { placedAt?: PixelBox })[] = [];
    const failures = new Map<number, string>();
    for (const [index, result] of results.entries()) {
      if (result.type === 'image') kept.push({ ...result.image, placedAt: result.placedAt });
      else failures.set(index, result.content);
    }
    const [first] = kept;
    if (!first) {
      const retryAfterSeconds = lastDelivery ? undefined : rateLimitRetry(job, results);
      if (retryAfterSeconds !== undefined) {
        await handBackJob(job);
        logger.warn('job rate-limited by its provider; back to the queue', {
          jobId: job.id,
          retryAfterSeconds,
        });
        throw new JobHandedBackError(job.id, {}, retryAfterSeconds);
      }
      // Every variation failed: the creator reads the first one's text, and every credit comes back.
      settled = await refundJob(job, 'provider-failed', failures.get(0));
      logger.info('job failed at the provider; refunded', { jobId: job.id, content: failures.get(0) });
      return undefined;
    }
    const answeredAt = performance.now();
    const answeredAtMs = Date.now();
    // Asked for without text, each image gets the quoted text drawn over it as a layer, in the
    // style of the creator's brand kit when they saved one; a new image gets the kit's logo as a
    // layer of its own when the kit says so (an edit keeps what its source had).
    const logo = isEdit ? undefined : await kitLogo(kit);
    // A region edit's answer is put back over its source through the painted area only, and
    // keeps the source's text and logo layers.
    const stored = await Promise.all(
      kept.map(async (image, position) => {
        if (region) {
          const put = await region.putBack(image.bytes, image.placedAt);
          return storeJobImage(job, put.bytes, position, put.layers, put.logo);
        }
        return storeJobImage(
          job,
          image.bytes,
          position,
          textLayer ? await designLayers(image.bytes, textLayer.text, kit?.style) : [],
          logo,
        );
      }),
    );
    const imageKeys = stored.map((image) => image.keys);
    const storedAt = performance.now();
    // Kept variations are committed, failed ones refunded, in the one settlement.
    settled =
      !signal.aborted &&
      (await completeJobAndCommitCredit(job, {
        images: imageKeys,
        prompt: request.content,
        isEdit,
        failures,
        // With no check to follow the job, its verdict is known now: no second write.
        ...(verdictAtSettle() ? { legibility: NOTHING_TO_CHECK } : {}),
      }));
    // Out of time, or settled elsewhere meanwhile (the sweeper, or the conversation was deleted): keep no orphans.
    if (!settled) await deleteBlobs(imageKeys.flatMap(keysOfImage));
    // The backend's own share of a generation: from the provider's answer to the images being ready.
    logger.info('job done', {
      jobId: job.id,
      settled,
      variations: results.length,
      failed: failures.size,
      after_provider_ms: Math.round(performance.now() - answeredAt),
      images_ms: Math.round(storedAt - answeredAt),
    });
    if (settled) {
      await Promise.all([nameConversationAfterAnswer(request, upToRequest), recordTiming(job, answeredAtMs)]);
    }
    if (settled && request.selected_model_ids?.length) {
      await trackModelUsage(job.user_id, request.selected_model_ids, new Date().toISOString());
    }
    // What follows the job (the likeness and legibility checks) reads the first image, as stored
    // (with its text layers drawn, when it has them).
    const image = stored[0]?.original ?? first.bytes;
    const layered = stored[0]?.layered;
    return settled
      ? { job, image, prompt: request.content, people: people.people, ...(layered ? { layered } : {}) }
      : undefined;
  } catch (error) {
    if (error instanceof JobHandedBackError) throw error;
    if (signal.aborted) {
      logger.info('job stopped at its deadline', { jobId: job.id, error });
      return undefined;
    }
    if (!settled && !lastDelivery && isTransientError(error)) {
      logger.warn('job failed for a transient reason; back to the queue', { jobId: job.id, error });
      await handBackJob(job);
      throw new JobHandedBackError(job.id, { cause: error });
    }
    logger.error('job failed', { jobId: job.id, error });
    if (!settled) await refundJob(job, 'job-failed');
    return undefined;
  } finally {
    // However the job ended, its partials were never its result.
    await partials.discard();
  }
}

/**
 * Keeps how long a settled job took as one of its provider's recent jobs (the time left the chat
 * shows comes from them); a write that fails costs only that sample.
 */
async function recordTiming(job: StoredMessage, answeredAt: number): Promise<void> {
  const sentAt = Date.parse(job.pending_since ?? job.created_at);
  const startedAt = job.started_at ? Date.parse(job.started_at) : sentAt;
  await recordJobDurations(
    job.provider ?? 'local',
    job.id,
    jobDurations(sentAt, startedAt, answeredAt, Date.now()),
  ).catch((error: unknown) => logger.warn('job timing not kept', { jobId: job.id, error }));
}

/**
 * The logo layer a kit adds to new thumbnails, in its corner at its size; none when the kit has
 * no logo, does not ask for it, or its picture is gone.
 */
async function kitLogo(kit: StoredBrandKit | undefined): Promise<PlacedLogo | undefined> {
  const box = kit?.logo?.add_logo ? logoLayerBox(kit) : null;
  const picture = box && kit?.logo ? await getBlob(kit.logo.key) : undefined;
  return box && picture ? { bytes: picture.bytes, box } : undefined;
}

/**
 * When every variation failed and the provider refused some for its rate limit: how many seconds
 * the job waits in the queue for the longest wait asked, if it may (rateLimitRetrySeconds).
 */
function rateLimitRetry(job: StoredMessage, results: readonly GenerationResult[]): number | undefined {
  const waits = results.flatMap((result) =>
    result.type === 'error' && result.retryAfterMs !== undefined ? [result.retryAfterMs] : [],
  );
  if (waits.length === 0) return undefined;
  const sentAt = Date.parse(job.pending_since ?? job.created_at);
  const { JOB_STUCK_AFTER_MS, JOB_DEADLINE_MS } = settings();
  return rateLimitRetrySeconds(Math.max(...waits), Date.now(), sentAt + JOB_STUCK_AFTER_MS, JOB_DEADLINE_MS);
}
