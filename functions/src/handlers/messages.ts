import * as z from 'zod';
import { getSecrets } from '../adapters/secrets';
import { getConversationById } from '../data/conversations-repo';
import { getMessageById, listMessagesByConversation } from '../data/messages-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { createApiHandler, json, parseBody } from '../lib/http';
import { viewMessage, viewMessages } from '../lib/message-view';
import { availableProviders, providerLabels } from '../providers/catalog';
import type { RouteKey } from '../routes';
import { MAX_IMAGES_PER_MESSAGE } from '../services/references';
import { sendMessage } from '../services/send-message';

const sendBody = z.object({
  content: z.string().trim().min(1, 'Message is empty').max(4000, 'Message is too long'),
  provider: z.string().optional(),
  uploaded_images: z
    .array(z.string().min(1).max(256))
    .max(MAX_IMAGES_PER_MESSAGE, 'Attach at most 4 images')
    .default([]),
  selected_model_ids: z.array(z.string().min(1).max(256)).max(10).default([]),
});

async function requireConversation(userId: string, id: string | undefined) {
  const conversation = id ? await getConversationById(userId, id) : undefined;
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

export const handler = createApiHandler<RouteKey<'messages'>>({
  'GET /api/conversations/{id}/messages': async ({ userId, params }) => {
    const conversation = await requireConversation(userId, params.id);
    return json(200, { messages: await viewMessages(await listMessagesByConversation(conversation.id)) });
  },

  'POST /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    const conversation = await requireConversation(userId, params.id);
    const body = parseBody(event, sendBody);
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
    if (result.outcome === 'insufficient')
      return json(402, { error: result.assistantMessage.content, ...answer });
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
      providers: offered.map((id) => ({ id, label: providerLabels[id] })),
      default: offered[0],
    });
  },
});
