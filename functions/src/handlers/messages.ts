import {
  DOWNLOAD_FORMATS,
  NO_PROVIDER_TEXT,
  PROVIDER_LABELS,
  sendMessageBodySchema,
  testAndCompareBodySchema,
} from '@thumbnail-studio/contract';
import { getSecrets } from '../adapters/secrets';
import { getConversationById } from '../data/conversations-repo';
import {
  BadRequestError,
  InsufficientCreditsError,
  NotFoundError,
  ServiceUnavailableError,
} from '../lib/errors';
import { createApiHandler, errorAnswer, fileAnswer, json, noContent, parseBody } from '../lib/http';
import { settings } from '../lib/settings';
import { availableProviders } from '../providers/catalog';
import type { RouteKey } from '../routes';
import { getDownloadUrl } from '../services/downloads';
import { takeRateLimit } from '../services/limits';
import { viewMessage } from '../services/message-view';
import { sendMessage } from '../services/send-message';
import { shareImage, unshareImage } from '../services/shares';
import { exportTestAndCompare } from '../services/test-and-compare';

/** The providers this deployment offers now: those with a key, or the offline one where allowed. */
const offeredProviders = async () =>
  availableProviders(await getSecrets('providers'), settings().OFFLINE_PROVIDER);

async function requireConversation(userId: string, id: string | undefined) {
  const conversation = id ? await getConversationById(userId, id) : undefined;
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

/**
 * Sending, what it needs to know, the downloads (made on first use), the Test & Compare zip and an
 * image's public link; the reads of a chat are served by `reads`.
 */
export const handler = createApiHandler<RouteKey<'messages'>>({
  'POST /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'sendMessage');
    const conversation = await requireConversation(userId, params.id);
    const body = parseBody(event, sendMessageBodySchema);
    const offered = await offeredProviders();
    // Refused before anything is stored or reserved: no placeholder image, no credit charged.
    if (offered.length === 0) throw new ServiceUnavailableError(NO_PROVIDER_TEXT);
    const provider = body.provider ?? offered[0];
    if (!provider || !offered.includes(provider as (typeof offered)[number])) {
      throw new BadRequestError('That image provider is not available');
    }
    const result = await sendMessage({
      userId,
      conversationId: conversation.id,
      content: body.content,
      provider,
      uploadKeys: body.uploaded_images,
      selectedModelIds: body.selected_model_ids,
      variations: body.variations,
      ...(body.edit_from ? { editFrom: body.edit_from } : {}),
    });
    const answer = {
      userMessage: await viewMessage(result.userMessage),
      assistantMessage: await viewMessage(result.assistantMessage),
    };
    if (result.outcome === 'insufficient') {
      // Both messages were stored: the refusal carries them, so the chat shows them at once.
      const refusal = new InsufficientCreditsError(result.assistantMessage.content);
      return errorAnswer(refusal.status, refusal.code, refusal.message, answer);
    }
    return json(202, answer);
  },

  'GET /api/messages/{id}/downloads/{format}': async ({ userId, params, event }) => {
    const format = DOWNLOAD_FORMATS.find((known) => known === params.format);
    // `?image=<index>` names one of an answer's variations; the first by default.
    const image = Number(event.queryStringParameters?.image ?? 0);
    if (!params.id || !format || !Number.isInteger(image) || image < 0)
      throw new NotFoundError('Message not found');
    return json(200, { url: await getDownloadUrl(userId, params.id, format, image) });
  },

  'POST /api/exports/test-and-compare': async ({ userId, event }) => {
    const { images } = parseBody(event, testAndCompareBodySchema);
    const zip = await exportTestAndCompare(userId, images);
    return fileAnswer(zip.name, 'application/zip', zip.bytes);
  },

  'POST /api/messages/{id}/share': async ({ userId, params }) => {
    await takeRateLimit(userId, 'shareImage');
    if (!params.id) throw new NotFoundError('Message not found');
    return json(200, { token: await shareImage(userId, params.id) });
  },

  'DELETE /api/messages/{id}/share': async ({ userId, params }) => {
    if (!params.id) throw new NotFoundError('Message not found');
    await unshareImage(userId, params.id);
    return noContent();
  },

  'GET /api/providers': async () => {
    const offered = await offeredProviders();
    return json(200, {
      providers: offered.map((id) => ({ id, label: PROVIDER_LABELS[id] })),
      default: offered[0],
    });
  },
});
