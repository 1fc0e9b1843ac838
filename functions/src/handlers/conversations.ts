import * as z from 'zod';
import { deleteBlobs } from '../adapters/blob-store';
import { DEFAULT_TITLE, GREETING } from '../core/conversations';
import { imageKeysOf, newMessage } from '../core/messages';
import type { Conversation, StoredMessage } from '../core/types';
import {
  deleteConversation,
  listConversationsByUser,
  putConversation,
  updateConversation,
} from '../data/conversations-repo';
import { deleteMessagesByConversation, putMessage } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { createApiHandler, json, noContent, parseBody } from '../lib/http';
import { newId } from '../lib/ids';
import type { RouteKey } from '../routes';

const titleSchema = z.string().trim().min(1, 'Title is required').max(200, 'Title is too long');
const createBody = z.object({ title: titleSchema.optional() });
const renameBody = z.object({ title: titleSchema });

const greetingFor = (conversation: Conversation): StoredMessage =>
  newMessage({
    id: newId(),
    conversation_id: conversation.id,
    user_id: conversation.user_id,
    role: 'assistant',
    content: GREETING,
    created_at: conversation.created_at,
    status: 'done',
  });

export const handler = createApiHandler<RouteKey<'conversations'>>({
  'GET /api/conversations': async ({ userId }) =>
    json(200, { conversations: await listConversationsByUser(userId) }),

  'POST /api/conversations': async ({ userId, event }) => {
    const { title } = parseBody(event, createBody);
    const now = new Date().toISOString();
    const conversation: Conversation = {
      id: newId(),
      user_id: userId,
      title: title ?? DEFAULT_TITLE,
      created_at: now,
      updated_at: now,
    };
    // The greeting first: a conversation is never listed without it.
    await putMessage(greetingFor(conversation));
    await putConversation(conversation);
    return json(201, { conversation });
  },

  'PATCH /api/conversations/{id}': async ({ userId, params, event }) => {
    const { title } = parseBody(event, renameBody);
    const conversation = await updateConversation(userId, params.id ?? '', { title });
    if (!conversation) throw new NotFoundError('Conversation not found');
    return json(200, { conversation });
  },

  'DELETE /api/conversations/{id}': async ({ userId, params }) => {
    const id = params.id ?? '';
    if (!(await deleteConversation(userId, id))) throw new NotFoundError('Conversation not found');
    const deleted = await deleteMessagesByConversation(id);
    // Faces and references go with the conversation, not only the rows that point at them.
    await deleteBlobs(deleted.flatMap(imageKeysOf));
    return noContent();
  },
});
