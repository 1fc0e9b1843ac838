import {
  type CreditHistory,
  GALLERY_PAGE_SIZE,
  MAX_FOLLOWED_JOBS,
  MESSAGE_PAGE_SIZE,
  parseFollowParam,
  revisionOf,
} from '@thumbnail-studio/contract';
import { ledgerKind } from '../core/credits';
import { listConversationsByUser } from '../data/conversations-repo';
import { getBalance, getOrOpenBalance, listLedgerByUser } from '../data/credits-repo';
import { listGalleryPage } from '../data/gallery-repo';
import { getMessageById, listMessagesByIds, listMessagesPage } from '../data/messages-repo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { createApiHandler, json } from '../lib/http';
import { settings } from '../lib/settings';
import type { RouteKey } from '../routes';
import { requireConversation } from '../services/conversations';
import { viewListedMessages, viewMessage } from '../services/message-view';

/** A cursor names a message by its id (a ULID); anything else names none. */
const MESSAGE_ID = /^[0-9A-Za-z]{1,64}$/;

function messageIdParam(value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (!MESSAGE_ID.test(value)) throw new BadRequestError(`That ${what} does not exist`);
  return value;
}

/**
 * The routes the web app calls most: lists, and the message polling while a job runs. They
 * live apart from the routes that write, so a cold start here loads no send path (providers,
 * image processing, the queue, secrets) and no request body schemas. A read added to the API
 * belongs here as long as it needs none of those either.
 */
export const handler = createApiHandler<RouteKey<'reads'>>({
  'GET /api/conversations': async ({ userId }) =>
    json(200, { conversations: await listConversationsByUser(userId) }),

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
    const followed = parseFollowParam(event.queryStringParameters?.follow);
    if (!followed) {
      throw new BadRequestError(
        `Say which jobs, and the revision you have of each: ?follow=<job id>.<revision>,... (at most ${MAX_FOLLOWED_JOBS})`,
      );
    }
    const conversation = await requireConversation(userId, params.id);
    const known = new Map(followed.map((job) => [job.id, job.revision]));
    const stored = await listMessagesByIds(conversation.id, [...known.keys()]);
    // Only what moved on since the caller's copy; only a settled job's preview is signed.
    const changed = stored.filter(
      (message) => message.role === 'assistant' && revisionOf(message) > (known.get(message.id) ?? 0),
    );
    return json(200, { jobs: await viewListedMessages(changed) });
  },

  'GET /api/messages/{id}': async ({ userId, params }) => {
    const message = params.id ? await getMessageById(userId, params.id) : undefined;
    if (!message) throw new NotFoundError('Message not found');
    return json(200, { message: await viewMessage(message) });
  },

  'GET /api/gallery': async ({ userId, event }) => {
    const before = messageIdParam(event.queryStringParameters?.cursor, 'page of images');
    const page = await listGalleryPage(userId, { before, limit: GALLERY_PAGE_SIZE });
    const oldest = page.images.at(-1);
    return json(200, {
      images: await viewListedMessages(page.images),
      // Newest first: the next page is what came before the last image of this one.
      ...(page.more && oldest ? { next_cursor: oldest.id } : {}),
    });
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
