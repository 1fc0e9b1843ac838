import { z } from 'zod';
import type { Message } from '../core/types';
import { getConversationById, updateConversation } from '../data/conversations-repo';
import { getMessageById, listMessagesByConversation, putMessage } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { createApiHandler, json, parseBody } from '../lib/http';
import { newId } from '../lib/ids';
import type { RouteKey } from '../routes';

const sendBody = z.object({
  content: z.string().trim().min(1, 'Message is empty').max(4000, 'Message is too long'),
});

async function requireConversation(userId: string, id: string | undefined) {
  const conversation = id ? await getConversationById(userId, id) : undefined;
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

export const handler = createApiHandler<RouteKey<'messages'>>({
  'GET /api/conversations/{id}/messages': async ({ userId, params }) => {
    const conversation = await requireConversation(userId, params.id);
    return json(200, { messages: await listMessagesByConversation(conversation.id) });
  },

  'POST /api/conversations/{id}/messages': async ({ userId, params, event }) => {
    const conversation = await requireConversation(userId, params.id);
    const { content } = parseBody(event, sendBody);
    const now = new Date().toISOString();
    const userMessage: Message = {
      id: newId(),
      conversation_id: conversation.id,
      user_id: userId,
      role: 'user',
      content,
      uploaded_images: null,
      selected_model_ids: null,
      prompt: null,
      image_url: null,
      is_image_message: false,
      is_edit: false,
      created_at: now,
      status: 'done',
    };
    await putMessage(userMessage);
    await updateConversation(userId, conversation.id, { updated_at: now });
    // The generation job and its pending assistant message come with the generation issue.
    return json(201, { userMessage, assistantMessage: null });
  },

  'GET /api/messages/{id}': async ({ userId, params }) => {
    const message = params.id ? await getMessageById(userId, params.id) : undefined;
    if (!message) throw new NotFoundError('Message not found');
    return json(200, { message });
  },
});
