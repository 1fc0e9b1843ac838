import { createConversationBodySchema, renameConversationBodySchema } from '@thumbnail-studio/contract';
import { updateConversation } from '../data/conversations-repo';
import { NotFoundError } from '../lib/errors';
import { createApiHandler, json, noContent, parseBody } from '../lib/http';
import type { RouteKey } from '../routes';
import { createConversationWithGreeting, deleteConversationWithContent } from '../services/conversations';
import { takeRateLimit } from '../services/limits';

/** Changes to conversations; the list is served by `reads`. */
export const handler = createApiHandler<RouteKey<'conversations'>>({
  'POST /api/conversations': async ({ userId, event }) => {
    await takeRateLimit(userId, 'createConversation');
    const { title } = parseBody(event, createConversationBodySchema);
    return json(201, { conversation: await createConversationWithGreeting(userId, title) });
  },

  'PATCH /api/conversations/{id}': async ({ userId, params, event }) => {
    const { title } = parseBody(event, renameConversationBodySchema);
    const conversation = await updateConversation(userId, params.id ?? '', { title });
    if (!conversation) throw new NotFoundError('Conversation not found');
    return json(200, { conversation });
  },

  'DELETE /api/conversations/{id}': async ({ userId, params }) => {
    await deleteConversationWithContent(userId, params.id ?? '');
    return noContent();
  },
});
