import { getOrOpenBalance } from '../data/credits-repo';
import { createApiHandler, json } from '../lib/http';
import { settings } from '../lib/settings';
import type { RouteKey } from '../routes';

export const handler = createApiHandler<RouteKey<'credits'>>({
  'GET /api/credits': async ({ userId }) =>
    json(200, { credits: await getOrOpenBalance(userId, settings().INITIAL_CREDITS) }),
});
