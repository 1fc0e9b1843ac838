import type { CreditHistory } from '@thumbnail-studio/contract';
import { ledgerKind } from '../core/credits';
import { getConversationById, listConversationsByUser } from '../data/conversations-repo';
import { getBalance, getOrOpenBalance, listLedgerByUser } from '../data/credits-repo';
import { getMessageById, listMessagesByConversation } from '../data/messages-repo';
import { NotFoundError } from '../lib/errors';
import { createApiHandler, json } from '../lib/http';
import { settings } from '../lib/settings';
import type { RouteKey } from '../routes';
import { viewMessage, viewMessages } from '../services/message-view';

/**
 * The routes the web app calls most: lists, and the message polling while a job runs. They
 * live apart from the routes that write, so a cold start here loads no send path (providers,
 * image processing, the queue, secrets) and no request body schemas. A read added to the API
 * belongs here as long as it needs none of those either.
 */
export const handler = createApiHandler<RouteKey<'reads'>>({
  'GET /api/conversations': async ({ userId }) =>
    json(200, { conversations: await listConversationsByUser(userId) }),

  'GET /api/conversations/{id}/messages': async ({ userId, params }) => {
    const conversation = params.id ? await getConversationById(userId, params.id) : undefined;
    if (!conversation) throw new NotFoundError('Conversation not found');
    return json(200, { messages: await viewMessages(await listMessagesByConversation(conversation.id)) });
  },

  'GET /api/messages/{id}': async ({ userId, params }) => {
    const message = params.id ? await getMessageById(userId, params.id) : undefined;
    if (!message) throw new NotFoundError('Message not found');
    return json(200, { message: await viewMessage(message) });
  },

  'GET /api/credits': async ({ userId }) =>
    json(200, { credits: await getOrOpenBalance(userId, settings().INITIAL_CREDITS) }),

  'GET /api/credits/history': async ({ userId, event }) => {
    const page = await listLedgerByUser(userId, event.queryStringParameters?.cursor);
    const history: CreditHistory = {
      balance: await getBalance(userId),
      entries: page.entries.map((entry) => ({
        id: entry.sk,
        kind: ledgerKind(entry.sk),
        amount: entry.amount,
        reason: entry.reason,
        created_at: entry.created_at,
      })),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    };
    return json(200, history);
  },
});
