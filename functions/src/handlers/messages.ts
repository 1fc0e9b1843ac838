import { MESSAGE_PAGE_SIZE, PROVIDER_LABELS, sendMessageBodySchema } from '@thumbnail-studio/contract';
import { getSecrets } from '../adapters/secrets';
import { getConversationById } from '../data/conversations-repo';
import { getMessageById, listAssistantMessagesSince, listMessagesPage } from '../data/messages-repo';
import { BadRequestError, InsufficientCreditsError, NotFoundError } from '../lib/errors';
import { createApiHandler, errorAnswer, json, parseBody } from '../lib/http';
import { availableProviders } from '../providers/catalog';
import type { RouteKey } from '../routes';
import { takeRateLimit } from '../services/limits';
import { viewListedMessages, viewMessage } from '../services/message-view';
import { sendMessage } from '../services/send-message';

async function requireConversation(userId: string, id: string | undefined) {
  const conversation = id ? await getConversationById(userId, id) : undefined;
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

/** A cursor or `since` names a message by its id (a ULID); anything else names none. */
const MESSAGE_ID = /^[0-9A-Za-z]{1,64}$/;

function messageIdParam(value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (!MESSAGE_ID.test(value)) throw new BadRequestError(`That ${what} does not exist`);
  return value;
}

export const handler = createApiHandler<RouteKey<'messages'>>({
  'GET /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    const before = messageIdParam(event.queryStringParameters?.cursor, 'page of messages');
    const conversation = await requireConversation(userId, params.id);
    const page = await listMessagesPage(conversation.id, { before, limit: MESSAGE_PAGE_SIZE });
    const oldest = page.messages[0];
    return json(200, {
      messages: await viewListedMessages(page.messages),
      // The cursor is the oldest message's id: the next page is what came before it.
      ...(page.more && oldest ? { next_cursor: oldest.id } : {}),
    });
  },

  'GET /api/conversations/{id}/jobs': async ({ userId, params, event }) => {
    const since = messageIdParam(event.queryStringParameters?.since, 'job');
    if (!since) throw new BadRequestError('Say since which job: ?since=<job id>');
    const conversation = await requireConversation(userId, params.id);
    const jobs = await listAssistantMessagesSince(conversation.id, since);
    // Only a settled job's preview is signed; a pending one has no image yet.
    return json(200, { jobs: await viewListedMessages(jobs) });
  },

  'POST /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    await takeRateLimit(userId, 'sendMessage');
    const conversation = await requireConversation(userId, params.id);
    const body = parseBody(event, sendMessageBodySchema);
    const offered = availableProviders(await getSecrets());
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

  'GET /api/messages/{id}': async ({ userId, params }) => {
    const message = params.id ? await getMessageById(userId, params.id) : undefined;
    if (!message) throw new NotFoundError('Message not found');
    return json(200, { message: await viewMessage(message) });
  },

  'GET /api/providers': async () => {
    const offered = availableProviders(await getSecrets());
    return json(200, {
      providers: offered.map((id) => ({ id, label: PROVIDER_LABELS[id] })),
      default: offered[0],
    });
  },
});
