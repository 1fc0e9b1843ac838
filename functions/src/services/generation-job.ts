import { type JobMessage, PHASE_TEXT, UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { deleteBlobs, putBlob } from '../adapters/blob-store';
import { getSecrets } from '../adapters/secrets';
import { classifyRequest } from '../core/classify';
import type { ImageKeys, StoredMessage } from '../core/types';
import { completeJobAndCommitCredit, refundJob } from '../data/credits-repo';
import { claimJob, listMessagesByConversation, showJobPhase } from '../data/messages-repo';
import { trackModelUsage } from '../data/models-repo';
import { deriveImageSizes } from '../lib/images';
import { logger } from '../lib/logger';
import { createProvider } from '../providers';
import type { GenerationResult } from '../providers/types';
import { nameConversationAfterAnswer } from './conversations';
import { loadContextImages, loadPeople, toChatTurns } from './job-context';

/**
 * Runs one generation job to the end: classify, generate or edit, store the
 * image, settle the credit. A delivery of a job that is settled, or held by
 * another worker, does nothing; any failure refunds the credit.
 */
export async function runGenerationJob(message: JobMessage): Promise<void> {
  const job = await claimJob(message);
  if (!job) {
    logger.info('job already taken or settled', { jobId: message.jobId });
    return;
  }
  let settled = false;
  try {
    const history = await listMessagesByConversation(job.conversation_id);
    // The job answers the message it was sent with, even if another tab's send interleaved ids.
    const request = history.find((m) => m.id === job.request_id && m.role === 'user');
    if (!request) throw new Error('the job has no user message');
    const upToRequest = history.filter((m) => m.id <= request.id && m.status !== 'error');
    const upToJob = [...upToRequest, job];

    const provider = await createProvider(job.provider ?? 'local', await getSecrets());
    // Classified with the chat as the creator sees it right after sending: the new message
    // and its placeholder last. The model gets only the earlier turns as context, since the
    // new message is sent to it separately.
    const turns = toChatTurns(upToJob);
    const earlier = turns.slice(0, -2);
    const kind = await classifyRequest(
      turns,
      request.content,
      { classify: (_history, text) => provider.classify(earlier, text) },
      (error) => logger.warn('classifier failed; treating the request as a new image', { error }),
    );
    const images = await loadContextImages(upToRequest);
    const isEdit = kind === 'IMAGE_EDIT' && images.length > 0;
    await showJobPhase(job, isEdit ? PHASE_TEXT.editing : PHASE_TEXT.generating);

    const people = await loadPeople(job.user_id, request.selected_model_ids ?? []);
    const result: GenerationResult = isEdit
      ? await provider.edit({ prompt: request.content, images, ...people })
      : await provider.generate({ prompt: request.content, references: images, ...people });

    if (result.type === 'error') {
      settled = await refundJob(job, result.content);
      logger.info('job failed at the provider; refunded', { jobId: job.id, content: result.content });
      return;
    }
    const answeredAt = performance.now();
    const imageKeys = await storeImages(job, result.image.bytes);
    settled = await completeJobAndCommitCredit(job, { imageKeys, prompt: request.content, isEdit });
    // Settled elsewhere meanwhile (the sweeper, or the conversation was deleted): keep no orphans.
    if (!settled) await deleteBlobs(Object.values(imageKeys));
    // The backend's own share of a generation: from the provider's answer to the image being ready.
    logger.info('job done', {
      jobId: job.id,
      settled,
      after_provider_ms: Math.round(performance.now() - answeredAt),
    });
    if (settled) await nameConversationAfterAnswer(request, upToRequest);
    if (settled && request.selected_model_ids?.length) {
      await trackModelUsage(job.user_id, request.selected_model_ids, new Date().toISOString());
    }
  } catch (error) {
    logger.error('job failed', { jobId: job.id, error });
    if (!settled) await refundJob(job, UNEXPECTED_ERROR_TEXT);
  }
}

async function storeImages(job: StoredMessage, original: Uint8Array): Promise<ImageKeys> {
  // Per attempt, so a delivery that loses the settle race can't delete the winner's images.
  const base = `images/${job.user_id}/${job.id}/${job.attempts ?? 1}`;
  const keys: ImageKeys = {
    original: `${base}/original.png`,
    export: `${base}/thumbnail-1280x720.png`,
    preview: `${base}/preview.jpg`,
  };
  const sizes = await deriveImageSizes(original);
  await Promise.all([
    putBlob(keys.original, original, 'image/png'),
    putBlob(keys.export, sizes.export, 'image/png'),
    putBlob(keys.preview, sizes.preview, 'image/jpeg'),
  ]);
  return keys;
}
