import { deleteBlobs, putBlob } from '../adapters/blob-store';
import { getSecrets } from '../adapters/secrets';
import { classifyRequest } from '../core/classify';
import { DEFAULT_TITLE, titleFromPrompt } from '../core/conversations';
import { GENERATION_COST } from '../core/credits';
import { type JobMessage, PHASE_TEXT, UNEXPECTED_ERROR_TEXT } from '../core/jobs';
import type { ImageKeys, StoredMessage } from '../core/types';
import { getConversationById, updateConversation } from '../data/conversations-repo';
import { claimJob, completeJob, failJob, setJobText } from '../data/jobs-repo';
import { listMessagesByConversation } from '../data/messages-repo';
import { trackModelUsage } from '../data/models-repo';
import { deriveImageSizes } from '../lib/images';
import { createProvider } from '../providers';
import type { GenerationResult } from '../providers/types';
import { loadContextImages, loadPeople, toChatTurns } from './job-context';

const log = (level: string, message: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ level, message, ...fields }));

/**
 * Runs one generation job to the end: classify, generate or edit, store the
 * image, settle the credit. A delivery of a job that is settled, or held by
 * another worker, does nothing; any failure refunds the credit.
 */
export async function processJob(message: JobMessage): Promise<void> {
  const job = await claimJob(message);
  if (!job) {
    log('info', 'job already taken or settled', { jobId: message.jobId });
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
    // SPEC section 4 classifies with the chat as the browser holds it after step 1: the
    // new message and its placeholder last. The model gets only the earlier turns as
    // context, since the new message is sent to it separately.
    const turns = toChatTurns(upToJob);
    const earlier = turns.slice(0, -2);
    const kind = await classifyRequest(turns, request.content, {
      classify: (_history, message) => provider.classify(earlier, message),
    });
    const images = await loadContextImages(upToRequest);
    const isEdit = kind === 'IMAGE_EDIT' && images.length > 0;
    await setJobText(job, isEdit ? PHASE_TEXT.editing : PHASE_TEXT.generating);

    const people = await loadPeople(job.user_id, request.selected_model_ids ?? []);
    const result: GenerationResult = isEdit
      ? await provider.edit({ prompt: request.content, images, ...people })
      : await provider.generate({ prompt: request.content, references: images, ...people });

    if (result.type === 'error') {
      settled = await failJob(job, result.content, GENERATION_COST);
      log('info', 'job failed at the provider', { jobId: job.id, content: result.content });
      return;
    }
    const answeredAt = performance.now();
    const imageKeys = await storeImages(job, result.image.bytes);
    settled = await completeJob(job, { imageKeys, prompt: request.content, isEdit });
    // Settled elsewhere meanwhile (the sweeper, or the conversation was deleted): keep no orphans.
    if (!settled) await deleteBlobs(Object.values(imageKeys));
    // The backend's own share of a generation: from the provider's answer to the image being ready.
    log('info', 'job done', {
      jobId: job.id,
      settled,
      after_provider_ms: Math.round(performance.now() - answeredAt),
    });
    if (settled) await afterSuccess(job, request, upToRequest);
    if (settled && request.selected_model_ids?.length) {
      await trackModelUsage(job.user_id, request.selected_model_ids, new Date().toISOString());
    }
  } catch (error) {
    log('error', 'job failed', {
      jobId: job.id,
      error: error instanceof Error ? error.stack : String(error),
    });
    if (!settled) await failJob(job, UNEXPECTED_ERROR_TEXT, GENERATION_COST);
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

/** The title follows the first prompt; the conversation moves to the top. */
async function afterSuccess(job: StoredMessage, request: StoredMessage, history: StoredMessage[]) {
  const conversation = await getConversationById(job.user_id, job.conversation_id);
  if (!conversation) return;
  const firstExchange = history.filter((m) => m.role === 'user').length === 1;
  await updateConversation(job.user_id, job.conversation_id, {
    updated_at: new Date().toISOString(),
    ...(firstExchange && conversation.title === DEFAULT_TITLE
      ? { title: titleFromPrompt(request.content) }
      : {}),
  });
}
