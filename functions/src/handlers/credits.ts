import type { CreditHistory } from '@thumbnail-studio/contract';
import { ledgerKind } from '../core/credits';
import { getBalance, getOrOpenBalance, listLedgerByUser } from '../data/credits-repo';
import { createApiHandler, json } from '../lib/http';
import { settings } from '../lib/settings';
import type { RouteKey } from '../routes';

export const handler = createApiHandler<RouteKey<'credits'>>({
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
