import { createConversationBodySchema, renameConversationBodySchema } from '@thumbnail-studio/contract';
import { createApiHandler, json, noContent, parseBody } from '../lib/http';
import type { RouteKey } from '../routes';
import {
  createConversationWithGreeting,
  deleteConversationWithContent,
  renameConversation,
  reopenUnusedConversation,
} from '../services/conversations';
import { takeRateLimit } from '../services/rate-limits';

/** Changes to conversations; the list is served by `reads`. */
export const handler = createApiHandler<RouteKey<'conversations'>>({
  // Without a title, a conversation nobody has written in yet is opened again (200) before a new one is made (201).
  'POST /api/conversations': async ({ userId, event }) => {
    await takeRateLimit(userId, 'createConversation');
    const { title } = parseBody(event, createConversationBodySchema);
    const unused = title === undefined ? await reopenUnusedConversation(userId) : undefined;
    if (unused) return json(200, { conversation: unused });
    return json(201, { conversation: await createConversationWithGreeting(userId, title) });
  },

  'PATCH /api/conversations/{id}': async ({ userId, params, event }) => {
    const { title } = parseBody(event, renameConversationBodySchema);
    return json(200, { conversation: await renameConversation(userId, params.id ?? '', title) });
  },

  'DELETE /api/conversations/{id}': async ({ userId, params }) => {
    await deleteConversationWithContent(userId, params.id ?? '');
    return noContent();
  },
});
