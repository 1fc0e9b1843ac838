import Stripe from 'stripe';
import { LOCAL_WEBHOOK_SECRET } from '../../local/stripe-wiring';
import type { RuntimeInfo } from './local-cloud-process';

/** The real Stripe SDK, pointed at the local cloud's Stripe stand-in (as the backend's is). */
export function stripeFor(runtime: RuntimeInfo): Stripe {
  if (!runtime.stripeUrl) throw new Error('the local cloud runs without its Stripe stand-in');
  const url = new URL(runtime.stripeUrl);
  return new Stripe('sk_test_local', { host: url.hostname, port: url.port, protocol: 'http' });
}

/** Pays a checkout session as the hosted page's Pay button does (its webhook is delivered first). */
export async function paySession(runtime: RuntimeInfo, sessionId: string): Promise<void> {
  const response = await fetch(`${runtime.stripeUrl}/_local/sessions/${sessionId}/pay`, { method: 'POST' });
  if (!response.ok)
    throw new Error(`paying ${sessionId} failed: ${response.status} ${await response.text()}`);
}

/** Posts a Stripe event to the webhook, signed with the local secret (or as `options` says). */
export async function postWebhook(
  baseUrl: string,
  event: { type: string; data: { object: unknown } },
  options: { secret?: string; timestamp?: number; signature?: string | null; contentType?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2025-01-01',
    ...event,
  });
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? LOCAL_WEBHOOK_SECRET,
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        })
      : options.signature;
  const response = await fetch(`${baseUrl}/api/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
