import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiContext, handleApi } from './api';
import { header, sendJson } from './http';
import { newId } from './objects';
import { parseParams, StripeApiError } from './params';

type Answer = { status: number; body: unknown };

/**
 * What sits in front of Stripe's API: the key check, `Request-Id` and
 * `Stripe-Version` headers, and Idempotency-Key replays.
 */
export function createGateway(ctx: ApiContext) {
  const idempotent = new Map<string, { fingerprint: string; answer: Promise<Answer> }>();

  return async function gateway(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const method = req.method ?? 'GET';
    const requestId = newId('req', 14);
    const apiVersion = header(req, 'stripe-version') ?? null;
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const headers: Record<string, string> = { 'request-id': requestId };
    if (apiVersion) headers['stripe-version'] = apiVersion;
    const refusal = checkKey(header(req, 'authorization'));
    if (refusal) return sendJson(res, 401, refusal.toJSON(), headers);

    const params = parseParams(url.searchParams, new URLSearchParams(body));
    const call = () =>
      handleApi(ctx, { method, path: url.pathname, params, apiVersion, idempotencyKey, requestId });
    if (!idempotencyKey) {
      const { status, body: answer } = await call();
      return sendJson(res, status, answer, headers);
    }
    // Stripe replays the first answer to a repeated Idempotency-Key, so an SDK retry never charges twice.
    headers['idempotency-key'] = idempotencyKey;
    const fingerprint = `${method} ${url.pathname}${url.search}\n${body}`;
    const known = idempotent.get(idempotencyKey);
    if (known && known.fingerprint !== fingerprint) {
      const error = new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        { type: 'idempotency_error' },
      );
      return sendJson(res, 400, error.toJSON(), headers);
    }
    if (known) headers['idempotent-replayed'] = 'true';
    const answer = known?.answer ?? call();
    if (!known) idempotent.set(idempotencyKey, { fingerprint, answer });
    const { status, body: json } = await answer;
    if (status >= 400) idempotent.delete(idempotencyKey); // a refused request saves no result in Stripe either
    sendJson(res, status, json, headers);
  };
}

/** Test-mode secret keys only, sent as Bearer (the SDK) or Basic (curl -u). */
function checkKey(authorization: string | undefined): StripeApiError | undefined {
  const [scheme = '', value = ''] = (authorization ?? '').split(' ');
  const key =
    scheme.toLowerCase() === 'basic' ? Buffer.from(value, 'base64').toString().split(':')[0] : value;
  if (!key) {
    return new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!/^(sk|rk)_test_/.test(key)) {
    return new StripeApiError(
      401,
      `Invalid API Key provided: ${key.slice(0, 8)}****. The local Stripe stand-in takes test-mode secret keys (sk_test_…).`,
    );
  }
  return undefined;
}
