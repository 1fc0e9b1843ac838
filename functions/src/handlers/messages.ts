import {
  compareTestBodySchema,
  compareWinnerBodySchema,
  DOWNLOAD_FORMATS,
  editTextBodySchema,
  NO_PROVIDER_TEXT,
  ownKeyInputsBodySchema,
  saveOwnKeyAnswerBodySchema,
  sendMessageBodySchema,
  testAndCompareBodySchema,
  titleIdeasBodySchema,
} from '@thumbnail-studio/contract';
import { getSecrets } from '../adapters/secrets';
import { availableProviders } from '../image-providers/catalog';
import {
  BadRequestError,
  InsufficientCreditsError,
  NotFoundError,
  ServiceUnavailableError,
} from '../lib/errors';
import {
  type ApiEvent,
  createApiHandler,
  errorAnswer,
  fileAnswer,
  json,
  noContent,
  parseBody,
} from '../lib/http';
import { settings } from '../lib/settings';
import type { RouteKey } from '../routes';
import { createCompareTest, listCompareTests, recordCompareWinner } from '../services/compare-tests';
import { requireConversation, requireConversationId } from '../services/conversations';
import { getDownloadUrl } from '../services/downloads';
import { viewMessage } from '../services/message-view';
import { saveOwnKeyAnswer } from '../services/own-key-answers';
import { ownKeyInputs } from '../services/own-key-inputs';
import { providerList } from '../services/provider-list';
import { takeRateLimit } from '../services/rate-limits';
import { sendMessage } from '../services/send-message';
import { shareImage, unshareImage } from '../services/shares';
import { exportTestAndCompare } from '../services/test-and-compare';
import { editImageText } from '../services/text-edits';
import { suggestTitles } from '../services/title-ideas';

/** The providers this deployment offers now: those with a key, or the offline one where allowed. */
const offeredProviders = async () =>
  availableProviders(await getSecrets('providers'), settings().OFFLINE_PROVIDER);

/**
 * Which of a message's images a request names (`?image=<index>`, one of an answer's variations):
 * the first without one; undefined when it is no index at all.
 */
function imageIndex(event: ApiEvent): number | undefined {
  const image = Number(event.queryStringParameters?.image ?? 0);
  return Number.isInteger(image) && image >= 0 ? image : undefined;
}

/**
 * Sending, what it needs to know, the downloads (made on first use), the Test & Compare zip, an
 * image's public link and title ideas; the reads of a chat are served by `reads`.
 */
export const handler = createApiHandler<RouteKey<'messages'>>({
  'POST /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'sendMessage');
    const body = parseBody(event, sendMessageBodySchema);
    // The send's own transaction holds only while the conversation is the caller's (404 if not):
    // it is read first only when uploads would be stored, or an image looked up, for it before that.
    const conversationId =
      body.uploaded_images.length || body.edit_from
        ? (await requireConversation(userId, params.id)).id
        : requireConversationId(params.id);
    const offered = await offeredProviders();
    // Refused before anything is stored or reserved: no placeholder image, no credit charged.
    if (offered.length === 0) throw new ServiceUnavailableError(NO_PROVIDER_TEXT);
    const provider = body.provider ?? offered[0];
    if (!provider || !offered.includes(provider as (typeof offered)[number])) {
      throw new BadRequestError('That image provider is not available');
    }
    const result = await sendMessage({ userId, conversationId, body, provider });
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

  // A send with the creator's own key: the browser asks what to give the provider, calls it,
  // uploads what it made and has it stored here. Nothing is charged; the stored answer counts as
  // a send, and asking for the inputs is limited as often on its own counter.
  'POST /api/conversations/{id}/own-key-inputs': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'prepareOwnKeySend');
    const conversation = await requireConversation(userId, params.id);
    const body = parseBody(event, ownKeyInputsBodySchema);
    return json(200, await ownKeyInputs({ userId, conversationId: conversation.id, body }));
  },

  'POST /api/conversations/{id}/own-key-answers': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'sendMessage');
    const conversation = await requireConversation(userId, params.id);
    const body = parseBody(event, saveOwnKeyAnswerBodySchema);
    const saved = await saveOwnKeyAnswer({ userId, conversationId: conversation.id, body });
    return json(201, {
      userMessage: await viewMessage(saved.userMessage),
      assistantMessage: await viewMessage(saved.assistantMessage),
    });
  },

  'GET /api/messages/{id}/downloads/{format}': async ({ userId, params, event }) => {
    const format = DOWNLOAD_FORMATS.find((known) => known === params.format);
    const image = imageIndex(event);
    if (!params.id || !format || image === undefined) throw new NotFoundError('Message not found');
    return json(200, { url: await getDownloadUrl(userId, params.id, format, image) });
  },

  // The image's text redrawn from its base, for free: a new answer in the same conversation.
  'PUT /api/messages/{id}/text': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'editText');
    if (!params.id) throw new NotFoundError('Message not found');
    const edited = await editImageText(userId, params.id, parseBody(event, editTextBodySchema));
    return json(200, { message: await viewMessage(edited) });
  },

  'POST /api/tests': async ({ userId, event }) => {
    const body = parseBody(event, compareTestBodySchema);
    await takeRateLimit(userId, 'saveCompareTest');
    return json(201, { test: await createCompareTest(userId, body) });
  },

  'GET /api/tests': async ({ userId }) => json(200, { tests: await listCompareTests(userId) }),

  'PUT /api/tests/{id}': async ({ userId, params, event }) =>
    json(200, {
      test: await recordCompareWinner(userId, params.id ?? '', parseBody(event, compareWinnerBodySchema)),
    }),

  // Free, and limited as often as sends on a counter of its own: it may ask a text model.
  'POST /api/title-ideas': async ({ userId, event }) => {
    await takeRateLimit(userId, 'suggestTitles');
    return json(200, await suggestTitles(userId, parseBody(event, titleIdeasBodySchema)));
  },

  'POST /api/exports/test-and-compare': async ({ userId, event }) => {
    const { images, titles } = parseBody(event, testAndCompareBodySchema);
    const zip = await exportTestAndCompare(userId, images, titles);
    return fileAnswer(zip.name, 'application/zip', zip.bytes);
  },

  'POST /api/messages/{id}/share': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'shareImage');
    const image = imageIndex(event);
    if (!params.id || image === undefined) throw new NotFoundError('Message not found');
    return json(200, { token: await shareImage(userId, params.id, image) });
  },

  'DELETE /api/messages/{id}/share': async ({ userId, params, event }) => {
    const image = imageIndex(event);
    if (!params.id || image === undefined) throw new NotFoundError('Message not found');
    await unshareImage(userId, params.id, image);
    return noContent();
  },

  'GET /api/providers': async () => json(200, await providerList(await offeredProviders())),
});
