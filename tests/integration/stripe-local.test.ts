import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHECKOUT_SESSION_PARAM, checkoutReturnPaths } from '@thumbnail-studio/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeLocal, startStripeLocal } from '../../local/stripe';

const SECRET = 'whsec_local_test_secret';
const APP = 'http://localhost:5999';

/** A webhook endpoint that records raw bodies and signatures, and can fail on purpose. */
async function startReceiver() {
  const received: { body: string; signature: string }[] = [];
  const failures: number[] = [];
  const hooks: { onEvent?: (body: string) => Promise<void> } = {};
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ body, signature: String(req.headers['stripe-signature']) });
    await hooks.onEvent?.(body);
    res.writeHead(failures.shift() ?? 200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe-webhook`,
    received,
    hooks,
    /** The types of the events received, in order. */
    types: () => received.map((r) => (JSON.parse(r.body) as { type: string }).type),
    /** The next `count` deliveries are answered `status`; 0 clears the queue. */
    failNext: (count: number, status: number) => {
      failures.length = 0;
      failures.push(...Array<number>(count).fill(status));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the local Stripe stand-in, through the real SDK', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let local: StripeLocal;
  let stripe: Stripe;
  let dataDir: string;

  const start = () =>
    startStripeLocal({
      port: 0,
      dataDir,
      webhookUrl: receiver.url,
      webhookSecret: SECRET,
      retryDelaysMs: [50, 100, 200],
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stripe-local-'));
    receiver = await startReceiver();
    local = await start();
    stripe = new Stripe('sk_test_local', {
      host: local.host,
      port: local.port,
      protocol: local.protocol,
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await local?.stop();
    await receiver?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const createSession = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 1499, product_data: { name: 'Popular: 25 credits' } },
        },
      ],
      client_reference_id: 'user-1',
      customer_email: 'buyer@example.com',
      metadata: { user_id: 'user-1', package_id: 'popular' },
      success_url: `${APP}${checkoutReturnPaths.success}?${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}${checkoutReturnPaths.cancel}`,
    });

  const press = (url: string, button: 'pay' | 'cancel', form: Record<string, string> = {}) =>
    fetch(`${url}/${button}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  it('creates a session, shows the hosted page, pays, signs the webhook, and lists by payment intent', async () => {
    const created = await createSession();
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1499,
      currency: 'usd',
      client_reference_id: 'user-1',
      customer_email: 'buyer@example.com',
      metadata: { user_id: 'user-1', package_id: 'popular' },
      mode: 'payment',
      payment_intent: null,
      livemode: false,
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`http://localhost:${local.port}/c/pay/${created.id}`);

    const retrieved = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(retrieved.line_items).toMatchObject({
      object: 'list',
      has_more: false,
      data: [
        {
          object: 'item',
          amount_total: 1499,
          currency: 'usd',
          quantity: 1,
          description: 'Popular: 25 credits',
          price: { unit_amount: 1499, currency: 'usd' },
        },
      ],
    });

    const page = await fetch(created.url ?? '');
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Pay $14.99</h1>');
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" class="secondary">Cancel<\/button>/);
    expect(html).not.toMatch(/(src|href)="https?:/);

    // Like the backend, the receiver reads the session back from Stripe while the delivery is open.
    let seenByReceiver: string | undefined;
    receiver.hooks.onEvent = async () => {
      seenByReceiver = (await stripe.checkout.sessions.retrieve(created.id)).payment_status;
    };
    const paid = await press(created.url ?? '', 'pay', {
      email: 'buyer@example.com',
      card: '4242 4242 4242 4242',
    });
    receiver.hooks.onEvent = undefined;
    expect(seenByReceiver).toBe('paid');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${APP}${checkoutReturnPaths.success}?${CHECKOUT_SESSION_PARAM}=${created.id}`,
    );

    // The first delivery happens before the redirect, so the buyer lands on a fulfilled purchase.
    const delivery = receiver.received.at(-1);
    expect(delivery).toBeDefined();
    const event = stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.id).toMatch(/^evt_/);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: created.id, status: 'complete', payment_status: 'paid' });
    expect(completed.payment_intent).toMatch(/^pi_/);
    expect(() =>
      stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', 'whsec_wrong'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const after = await stripe.checkout.sessions.retrieve(created.id);
    expect(after).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: completed.payment_intent,
    });

    // Paying again only redirects again: no second charge, no second event.
    const count = receiver.received.length;
    const again = await press(created.url ?? '', 'pay');
    expect(again.status).toBe(303);
    expect(receiver.received).toHaveLength(count);

    const listed = await stripe.checkout.sessions.list({
      payment_intent: String(completed.payment_intent),
      limit: 1,
    });
    expect(listed.object).toBe('list');
    expect(listed.has_more).toBe(false);
    expect(listed.data.map((s) => s.id)).toEqual([created.id]);
  });

  it('sends the buyer back to cancel_url on Cancel and keeps the session open', async () => {
    const { id, url } = await createSession();
    const cancelled = await press(url ?? '', 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${APP}${checkoutReturnPaths.cancel}`);
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
  });

  it('shows a declined test card on the page and takes no payment', async () => {
    const { id, url } = await createSession();
    const declined = await press(url ?? '', 'pay', {
      email: 'buyer@example.com',
      card: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('<p role="alert">Your card was declined.</p>');
    expect((await stripe.checkout.sessions.retrieve(id)).payment_status).toBe('unpaid');
  });

  it('refunds a payment and delivers charge.refunded with the charge', async () => {
    const { id } = await createSession();
    const pay = await fetch(`${local.url}/_local/sessions/${id}/pay`, { method: 'POST' });
    const session = (await pay.json()) as Stripe.Checkout.Session;
    expect(session.payment_status).toBe('paid');
    const paymentIntent = String(session.payment_intent);

    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1499,
      payment_intent: paymentIntent,
      status: 'succeeded',
    });
    expect(refund.id).toMatch(/^re_/);

    await until(() => receiver.types().includes('charge.refunded'));
    const delivery = receiver.received.find((r) => r.body.includes('"charge.refunded"'));
    const event = stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', SECRET);
    expect(event.data.object).toMatchObject({
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 1499,
      amount_refunded: 1499,
      refunded: true,
      currency: 'usd',
    });
    expect((event.data.object as Stripe.Charge).id).toMatch(/^ch_/);

    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  /** The signed events of `type` received for `objectId`, each verified by the SDK as Stripe's would be. */
  const eventsOf = (type: string, objectId: string) =>
    receiver.received
      .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET))
      .filter((event) => event.type === type && (event.data.object as { id: string }).id === objectId);

  const paidSession = async (body: Record<string, unknown> = {}) => {
    const { id } = await createSession();
    const pay = await fetch(`${local.url}/_local/sessions/${id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await pay.json()) as Stripe.Checkout.Session;
  };

  it('refunds part of a payment, twice, each charge.refunded carrying the cumulative amount_refunded', async () => {
    const session = await paidSession();
    const paymentIntent = String(session.payment_intent);
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100 });
    const second = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 250 });
    expect(second.amount).toBe(250);

    const chargeId = String(second.charge);
    await until(() => eventsOf('charge.refunded', chargeId).length === 2);
    const refunded = eventsOf('charge.refunded', chargeId).map((event) => event.data.object as Stripe.Charge);
    expect(
      refunded.map(({ amount, amount_refunded, refunded }) => ({ amount, amount_refunded, refunded })),
    ).toEqual([
      { amount: 1499, amount_refunded: 100, refunded: false },
      { amount: 1499, amount_refunded: 350, refunded: false },
    ]);
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 1150 }),
    ).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it("disputes a payment made with Stripe's dispute test card; closing it sends charge.dispute.closed", async () => {
    const session = await paidSession({ card: '4000 0000 0000 0259' });
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    await until(() => receiver.types().includes('charge.dispute.created'));
    const created = receiver.received
      .map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET))
      .find(
        (event) =>
          event.type === 'charge.dispute.created' &&
          (event.data.object as Stripe.Dispute).payment_intent === intent.id,
      );
    const dispute = created?.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 1499,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ disputed: true });

    expect(await stripe.disputes.close(dispute.id)).toMatchObject({ id: dispute.id, status: 'lost' });
    await until(() => eventsOf('charge.dispute.closed', dispute.id).length === 1);
    expect(eventsOf('charge.dispute.closed', dispute.id)[0]?.data.object).toMatchObject({ status: 'lost' });
    await expect(stripe.disputes.close(dispute.id)).rejects.toMatchObject({ code: 'dispute_already_closed' });
  });

  it('closes a dispute as won on winning evidence, and reinstates its funds', async () => {
    const session = await paidSession({ card: '4000000000002685' });
    const { data } = await stripe.disputes.list({ payment_intent: String(session.payment_intent) });
    const dispute = data[0] as Stripe.Dispute;
    expect(dispute.reason).toBe('product_not_received');
    const won = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    expect(won.status).toBe('won');
    await until(() => eventsOf('charge.dispute.funds_reinstated', dispute.id).length === 1);
    expect(eventsOf('charge.dispute.closed', dispute.id)[0]?.data.object).toMatchObject({ status: 'won' });
  });

  it('holds a paid event for a test to deliver late', async () => {
    const session = await paidSession({ holdEvent: true });
    const deliveries = (await (await fetch(`${local.url}/_local/events`)).json()) as {
      event: Stripe.Event;
      status: string;
      attempts: number;
    }[];
    const held = deliveries.find(
      ({ event }) =>
        event.type === 'checkout.session.completed' &&
        (event.data.object as { id: string }).id === session.id,
    );
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(eventsOf('checkout.session.completed', session.id)).toHaveLength(0);
    await fetch(`${local.url}/_local/events/${held?.event.id}/resend`, { method: 'POST' });
    expect(eventsOf('checkout.session.completed', session.id)).toHaveLength(1);
  });

  it('delivers an event again after the receiver answered 500', async () => {
    const { id } = await createSession();
    receiver.failNext(1, 500);
    const before = receiver.received.length;
    await fetch(`${local.url}/_local/sessions/${id}/pay`, { method: 'POST' });

    const delivered = () => local.events().find((d) => (d.event.data.object as { id: string }).id === id);
    await until(() => delivered()?.status === 'delivered');
    expect(delivered()).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
    const [first, second] = receiver.received.slice(before);
    expect(JSON.parse(first?.body ?? '').id).toBe(JSON.parse(second?.body ?? '').id);
    expect(stripe.webhooks.constructEvent(second?.body ?? '', second?.signature ?? '', SECRET).type).toBe(
      'checkout.session.completed',
    );
    const delivery = delivered();

    const resent = await fetch(`${local.url}/_local/events/${delivery?.event.id}/resend`, { method: 'POST' });
    expect(await resent.json()).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(receiver.received).toHaveLength(before + 3);
  });

  it('answers like Stripe for unknown sessions and missing params', async () => {
    const missing = stripe.checkout.sessions.retrieve('cs_test_nope');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const invalid = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', product_data: { name: 'No price' } } }],
    });
    await expect(invalid).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'line_items[0][price_data][unit_amount]',
      message: 'Missing required param: line_items[0][price_data][unit_amount].',
    });

    const live = new Stripe('sk_live_nope', { host: local.host, port: local.port, protocol: 'http' });
    await expect(live.checkout.sessions.retrieve('cs_test_nope')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('keeps sessions and undelivered events across a restart; stop() cancels the retries', async () => {
    const { id } = await createSession();
    receiver.failNext(100, 503);
    await fetch(`${local.url}/_local/sessions/${id}/pay`, { method: 'POST' });
    await local.stop();
    const count = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(count);

    receiver.failNext(0, 200);
    local = await start();
    stripe = new Stripe('sk_test_local', { host: local.host, port: local.port, protocol: 'http' });
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({ id, payment_status: 'paid' });
    const delivery = () => local.events().find((d) => (d.event.data.object as { id: string }).id === id);
    await until(() => delivery()?.status === 'delivered');
  });
});
