import Stripe from 'stripe';
import { expect } from 'vitest';
import { LOCAL_WEBHOOK_SECRET } from '../../local/stripe/wiring';
import type { RuntimeInfo } from './local-cloud-process';

/** The real Stripe SDK, pointed at the local cloud's Stripe stand-in (as the backend's is). */
export function stripeFor(runtime: RuntimeInfo): Stripe {
  if (!runtime.stripeUrl) throw new Error('the local cloud runs without its Stripe stand-in');
  const url = new URL(runtime.stripeUrl);
  return new Stripe('sk_test_local', { host: url.hostname, port: url.port, protocol: 'http' });
}

/**
 * Pays a checkout session as the hosted page's Pay button does (its webhook is delivered first).
 * `card` picks a test card (`4000000000000259` pays and is then disputed); `holdEvent` leaves
 * `checkout.session.completed` undelivered until `deliverEventLate`.
 */
export async function paySession(
  runtime: RuntimeInfo,
  sessionId: string,
  details: { card?: string; holdEvent?: boolean } = {},
): Promise<void> {
  const response = await fetch(`${runtime.stripeUrl}/_local/sessions/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(details),
  });
  if (!response.ok)
    throw new Error(`paying ${sessionId} failed: ${response.status} ${await response.text()}`);
}

type Delivery = { event: Stripe.Event; status: 'pending' | 'delivered' | 'failed'; attempts: number };

/** The events the stand-in sent (or holds) of `type` about the object `objectId`, oldest first. */
export async function eventsAbout(runtime: RuntimeInfo, type: string, objectId: string): Promise<Delivery[]> {
  const deliveries = (await (await fetch(`${runtime.stripeUrl}/_local/events`)).json()) as Delivery[];
  return deliveries.filter(
    ({ event }) => event.type === type && (event.data.object as { id: string }).id === objectId,
  );
}

/** Waits until the webhook has acknowledged `count` events of `type` about `objectId`. */
export async function deliveredEvents(runtime: RuntimeInfo, type: string, objectId: string, count = 1) {
  await expect
    .poll(
      async () => (await eventsAbout(runtime, type, objectId)).filter((d) => d.status === 'delivered').length,
    )
    .toBe(count);
  return eventsAbout(runtime, type, objectId);
}

/** Delivers an event once more, as Stripe does with a late or repeated delivery; answers the webhook's status. */
export async function deliverEventLate(runtime: RuntimeInfo, eventId: string): Promise<number | undefined> {
  const response = await fetch(`${runtime.stripeUrl}/_local/events/${eventId}/resend`, { method: 'POST' });
  return ((await response.json()) as { lastStatus?: number }).lastStatus;
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
