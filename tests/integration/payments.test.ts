import {
  CHECKOUT_SESSION_PARAM,
  CREDIT_PACKAGES,
  type CreditPackageId,
  checkoutReturnPaths,
  errorBodySchema,
} from '@thumbnail-studio/contract';
import { describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import {
  deliverEventLate,
  deliveredEvents,
  eventsAbout,
  paySession,
  postWebhook,
  stripeFor,
} from '../support/stripe';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
const stripe = stripeFor(runtime);
const popular = CREDIT_PACKAGES[1];

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  const api = callAs(baseUrl, user.accessToken);
  expect((await api('getCredits')).body).toEqual({ credits: 3 });
  return { api, email: user.email, userId: String(decodePayload(user.accessToken).sub) };
}

type Api = Awaited<ReturnType<typeof newUser>>['api'];

async function checkout(api: Api, packageId: CreditPackageId = 'popular') {
  const { status, body } = await api('createCheckoutSession', { body: { packageId } });
  expect(status).toBe(200);
  return body as { sessionId: string; url: string };
}

/** The user's credit items straight from the table: balance, ledger and their sum agree. */
async function ledgerOf(userId: string) {
  const credits = await readCreditItems(runtime.dynamodbEndpoint, userId);
  expect(credits.sum).toBe(credits.balance);
  return {
    balance: credits.balance,
    purchases: credits.ledger.filter((entry) => String(entry.sk).startsWith('ledger#purchase#')),
    takeBacks: credits.ledger.filter((entry) => String(entry.sk).startsWith('ledger#payment-refund#')),
  };
}

describe('checkout', () => {
  it('opens a hosted checkout for the package, for the caller only, whatever the body claims', async () => {
    const { api, userId, email } = await newUser('buyer');
    const { status, body } = await api.raw('POST', '/api/create-checkout-session', {
      packageId: 'popular',
      userId: 'someone-else',
      userEmail: 'thief@example.com',
      price: 1,
    });
    expect(status).toBe(200);
    expect(body.url).toMatch(/^http:\/\/localhost:\d+\/c\/pay\/cs_/);
    const session = await stripe.checkout.sessions.retrieve(body.sessionId, { expand: ['line_items'] });
    expect(session).toMatchObject({
      client_reference_id: userId,
      customer_email: email,
      amount_total: popular.priceCents,
      currency: 'usd',
      payment_status: 'unpaid',
      success_url: `${baseUrl}${checkoutReturnPaths.success}?${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
      cancel_url: `${baseUrl}${checkoutReturnPaths.cancel}`,
    });
    expect(session.line_items?.data[0]?.price?.unit_amount).toBe(popular.priceCents);
  });

  it('refuses an unknown package with a 400', async () => {
    const { api } = await newUser('unknown-pkg');
    const { status, body } = await api.raw('POST', '/api/create-checkout-session', { packageId: 'mega' });
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
  });

  it('needs a signed-in caller', async () => {
    const anonymous = callAs(baseUrl, undefined);
    expect((await anonymous('createCheckoutSession', { body: { packageId: 'pro' } })).status).toBe(401);
    expect((await anonymous('verifySession', { params: { sessionId: 'cs_test_x' } })).status).toBe(401);
  });
});

describe('fulfilment', () => {
  it('grants a paid session once through the webhook, and verify reports it 20 times over', async () => {
    const { api, userId } = await newUser('paid');
    const { sessionId } = await checkout(api);
    await paySession(runtime, sessionId);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api('verifySession', { params: { sessionId } })),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { credits: 25 } });
    expect((await api('getCredits')).body).toEqual({ credits: 28 });
    const ledger = await ledgerOf(userId);
    expect(ledger.purchases).toHaveLength(1);
    expect(ledger.purchases[0]).toMatchObject({
      amount: 25,
      reason: 'Purchase: Popular package, 25 credits for $14.99',
    });
  });

  it('grants once when the same event comes twice and ten times at once', async () => {
    const { api, userId } = await newUser('repeat');
    const { sessionId } = await checkout(api, 'starter');
    await paySession(runtime, sessionId);
    const event = { type: 'checkout.session.completed', data: { object: { id: sessionId } } };

    expect((await postWebhook(baseUrl, event)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, () => postWebhook(baseUrl, event)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    expect((await api('getCredits')).body).toEqual({ credits: 13 });
    expect((await ledgerOf(userId)).purchases).toHaveLength(1);
  });

  it('grants once when the webhook and the success page race', async () => {
    const { api, userId } = await newUser('race');
    const { sessionId } = await checkout(api, 'pro');
    const verify = () => api('verifySession', { params: { sessionId } });
    await Promise.all([paySession(runtime, sessionId), verify(), verify(), verify()]);
    const event = { type: 'checkout.session.async_payment_succeeded', data: { object: { id: sessionId } } };
    await Promise.all([postWebhook(baseUrl, event), verify(), postWebhook(baseUrl, event), verify()]);

    expect(await verify()).toEqual({ status: 200, body: { credits: 60 } });
    expect((await api('getCredits')).body).toEqual({ credits: 63 });
    expect((await ledgerOf(userId)).purchases).toHaveLength(1);
  });

  it("gives nothing for another user's session, paid or not", async () => {
    const ada = await newUser('ada-pay');
    const babbage = await newUser('babbage-pay');
    const { sessionId } = await checkout(ada.api);

    expect(await babbage.api('verifySession', { params: { sessionId } })).toEqual({
      status: 404,
      body: { error: 'Checkout session not found', code: 'not_found' },
    });
    await paySession(runtime, sessionId);
    expect((await babbage.api('verifySession', { params: { sessionId } })).status).toBe(404);

    expect((await babbage.api('getCredits')).body).toEqual({ credits: 3 });
    expect((await ada.api('getCredits')).body).toEqual({ credits: 28 });
    expect((await ledgerOf(babbage.userId)).purchases).toHaveLength(0);
  });

  it('grants nothing for an unpaid session, even for a signed event that claims it was paid', async () => {
    const { api, userId } = await newUser('unpaid');
    const { sessionId } = await checkout(api);

    expect(await api('verifySession', { params: { sessionId } })).toEqual({
      status: 409,
      body: { error: 'Payment not completed', code: 'conflict' },
    });
    const claim = {
      type: 'checkout.session.completed',
      data: {
        object: { id: sessionId, payment_status: 'paid', client_reference_id: userId, amount_total: 1499 },
      },
    };
    expect((await postWebhook(baseUrl, claim)).status).toBe(200);

    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    expect((await ledgerOf(userId)).purchases).toHaveLength(0);
  });

  it('reports an unknown session as not found', async () => {
    const { api } = await newUser('nosession');
    expect((await api('verifySession', { params: { sessionId: 'cs_test_does_not_exist' } })).status).toBe(
      404,
    );
  });

  it('answers every session it declines with its coded error, never with a 200', async () => {
    const ada = await newUser('declined-ada');
    const { api, userId } = await newUser('declined');
    const unpaid = await checkout(api);
    const others = await checkout(ada.api);
    // Paid, but for less than the package it names.
    const { id: underpaid } = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 999, product_data: { name: 'Popular' } } },
      ],
      client_reference_id: userId,
      metadata: { user_id: userId, package_id: popular.id },
      success_url: `${baseUrl}${checkoutReturnPaths.success}`,
    });
    await paySession(runtime, underpaid);

    const declined = [
      ['cs_test_does_not_exist', 404, 'not_found', 'Checkout session not found'],
      [others.sessionId, 404, 'not_found', 'Checkout session not found'],
      [unpaid.sessionId, 409, 'conflict', 'Payment not completed'],
      [underpaid, 400, 'bad_request', 'The payment does not match the credit package'],
    ] as const;
    for (const [sessionId, status, code, error] of declined) {
      const answer = await api('verifySession', { params: { sessionId } });
      expect(answer.status, sessionId).not.toBe(200);
      expect(errorBodySchema.safeParse(answer.body).success, sessionId).toBe(true);
      expect(answer, sessionId).toEqual({ status, body: { error, code } });
    }
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    expect((await ledgerOf(userId)).purchases).toHaveLength(0);
  });

  it("opens a buyer's account with the grant, once, when nothing opened it before", async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'first-buy');
    const api = callAs(baseUrl, user.accessToken);
    const userId = String(decodePayload(user.accessToken).sub);
    const sessions = [(await checkout(api, 'starter')).sessionId, (await checkout(api, 'starter')).sessionId];
    expect((await readCreditItems(runtime.dynamodbEndpoint, userId)).balance).toBeUndefined();
    for (const sessionId of sessions) await paySession(runtime, sessionId, { holdEvent: true });
    // Two grants race to open the account, each through the webhook and the success page.
    const fulfil = (sessionId: string) => [
      postWebhook(baseUrl, { type: 'checkout.session.completed', data: { object: { id: sessionId } } }),
      api('verifySession', { params: { sessionId } }),
    ];
    await Promise.all(sessions.flatMap(fulfil));

    expect((await api('getCredits')).body).toEqual({ credits: 23 });
    const { ledger } = await ledgerOf(userId).then(() => readCreditItems(runtime.dynamodbEndpoint, userId));
    expect(ledger.map((entry) => [entry.sk, entry.amount]).sort()).toEqual(
      [['ledger#initial', 3], ...sessions.map((id) => [`ledger#purchase#${id}`, 10])].sort(),
    );
  });
});

describe('the webhook', () => {
  it('refuses a forged, a missing and a stale signature, granting nothing', async () => {
    const { api, userId } = await newUser('forged');
    const { sessionId } = await checkout(api);
    await paySession(runtime, sessionId).catch(() => undefined);
    const before = await ledgerOf(userId);
    const event = { type: 'checkout.session.completed', data: { object: { id: sessionId } } };

    const forged = await postWebhook(baseUrl, event, { secret: 'not-the-secret' });
    const missing = await postWebhook(baseUrl, event, { signature: null });
    const stale = await postWebhook(baseUrl, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    for (const answer of [forged, missing, stale]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
    expect((await ledgerOf(userId)).balance).toBe(before.balance);
  });

  it('checks the signature over the exact bytes, also when the gateway hands the body over base64-encoded', async () => {
    const { api } = await newUser('base64');
    const { sessionId } = await checkout(api, 'starter');
    await paySession(runtime, sessionId);
    // A body that is not text reaches the function base64-encoded, as API Gateway passes binary bodies.
    const event = { type: 'checkout.session.completed', data: { object: { id: sessionId } } };
    const answer = await postWebhook(baseUrl, event, { contentType: 'application/octet-stream' });
    expect(answer).toEqual({ status: 200, body: { received: true } });
    const forged = await postWebhook(baseUrl, event, {
      contentType: 'application/octet-stream',
      secret: 'not-the-secret',
    });
    expect(forged.status).toBe(400);
    expect((await api('getCredits')).body).toEqual({ credits: 13 });
  });

  it('acknowledges event types it does not handle', async () => {
    const answer = await postWebhook(baseUrl, {
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect(answer).toEqual({ status: 200, body: { received: true } });
  });
});

describe('a refunded payment', () => {
  /** A paid, granted Pro purchase (60 credits for $29.99) and its payment intent. */
  async function boughtPro(name: string) {
    const user = await newUser(name);
    const { sessionId } = await checkout(user.api, 'pro');
    await paySession(runtime, sessionId);
    const paymentIntent = String((await stripe.checkout.sessions.retrieve(sessionId)).payment_intent);
    return { ...user, sessionId, paymentIntent };
  }

  /** Refunds `amount` cents (all that is left without it) and waits for the webhook to take it in. */
  async function refund(paymentIntent: string, amount?: number) {
    const { charge } = await stripe.refunds.create({
      payment_intent: paymentIntent,
      ...(amount && { amount }),
    });
    const sent = await eventsAbout(runtime, 'charge.refunded', String(charge));
    return deliveredEvents(runtime, 'charge.refunded', String(charge), sent.length);
  }

  const credits = async (api: Api) => (await api('getCredits')).body.credits;

  it('takes back only the refunded share, rounded down: $1 of $29.99 is 2 of 60 credits', async () => {
    const { api, userId, paymentIntent } = await boughtPro('partial');
    expect(await credits(api)).toBe(63);

    await refund(paymentIntent, 100);

    expect(await credits(api)).toBe(61);
    const ledger = await ledgerOf(userId);
    expect(ledger.takeBacks).toHaveLength(1);
    expect(ledger.takeBacks[0]).toMatchObject({ amount: -2, reason: 'Payment refunded: Pro package' });
  });

  it('takes each partial refund once, by the cumulative share, and all for the whole amount', async () => {
    const { api, userId, paymentIntent } = await boughtPro('partials');
    await refund(paymentIntent, 75); // 1.5 credits: 1
    expect(await credits(api)).toBe(62);
    await refund(paymentIntent, 75); // $1.50 in all is 3 credits: 2 more, not 1 rounded down again
    expect(await credits(api)).toBe(60);
    await refund(paymentIntent); // the rest: every credit
    expect(await credits(api)).toBe(3);
    expect((await ledgerOf(userId)).takeBacks.map((entry) => entry.amount)).toEqual([-1, -2, -57]);
  });

  it('takes once when the same refund is delivered again, or an older one arrives late', async () => {
    const { api, userId, paymentIntent } = await boughtPro('redelivered');
    const [first] = await refund(paymentIntent, 100);
    const [, second] = await refund(paymentIntent, 100);
    expect(await credits(api)).toBe(59);

    // Stripe delivers the same event again, the older of the two after the newer, and both at once.
    for (const delivery of [second, first]) {
      expect(await deliverEventLate(runtime, String(delivery?.event.id))).toBe(200);
    }
    const burst = [first, second, first, second].map((d) => deliverEventLate(runtime, String(d?.event.id)));
    expect(await Promise.all(burst)).toEqual([200, 200, 200, 200]);
    const charge = (second?.event.data.object ?? {}) as object;
    const signed = await postWebhook(baseUrl, { type: 'charge.refunded', data: { object: charge } });
    expect(signed.status).toBe(200);

    expect(await credits(api)).toBe(59);
    expect((await ledgerOf(userId)).takeBacks.map((entry) => entry.amount)).toEqual([-2, -2]);
  });

  it('never takes the balance below zero', async () => {
    const { api, userId } = await newUser('spent');
    const { sessionId } = await checkout(api, 'starter');
    await paySession(runtime, sessionId);
    const conversation = (await api('createConversation', { body: {} })).body.conversation;
    for (let i = 0; i < 4; i++) {
      const sent = await api('sendMessage', {
        params: { id: conversation.id },
        body: {
          content: `Art ${i}`,
        },
      });
      await waitForSettled(api, sent.body.assistantMessage.id);
    }
    expect((await api('getCredits')).body).toEqual({ credits: 9 });

    const session = await stripe.checkout.sessions.retrieve(sessionId);
    await refund(String(session.payment_intent));
    expect(await credits(api)).toBe(0);
    expect((await ledgerOf(userId)).takeBacks[0]).toMatchObject({ amount: -9 });
  });
});

describe('a refund that arrives before the grant', () => {
  /** A checkout paid for whose paid event the stand-in holds back, to be delivered late. */
  async function paidWithEventHeld(api: Api, packageId: CreditPackageId) {
    const { sessionId } = await checkout(api, packageId);
    await paySession(runtime, sessionId, { holdEvent: true });
    const [paid] = await eventsAbout(runtime, 'checkout.session.completed', sessionId);
    return { sessionId, paid, session: await stripe.checkout.sessions.retrieve(sessionId) };
  }

  it('is recorded, and the paid event then grants only the share not refunded', async () => {
    const { api, userId } = await newUser('refund-first');
    const { sessionId, paid, session } = await paidWithEventHeld(api, 'pro');
    const { charge } = await stripe.refunds.create({
      payment_intent: String(session.payment_intent),
      amount: 100,
    });
    await deliveredEvents(runtime, 'charge.refunded', String(charge));
    expect(await api('getCredits')).toMatchObject({ body: { credits: 3 } });

    expect(await deliverEventLate(runtime, String(paid?.event.id))).toBe(200);

    expect((await api('getCredits')).body).toEqual({ credits: 61 });
    expect(await api('verifySession', { params: { sessionId } })).toEqual({
      status: 200,
      body: { credits: 58 },
    });
    const ledger = await ledgerOf(userId);
    expect(ledger.purchases.map((entry) => entry.amount)).toEqual([60]);
    expect(ledger.takeBacks.map((entry) => entry.amount)).toEqual([-2]);
  });

  it('leaves a wholly refunded payment granting nothing, through the success page and the late event', async () => {
    const { api, userId } = await newUser('refund-verify');
    const { sessionId, paid, session } = await paidWithEventHeld(api, 'popular');
    const { charge } = await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await deliveredEvents(runtime, 'charge.refunded', String(charge));

    expect(await api('verifySession', { params: { sessionId } })).toEqual({
      status: 200,
      body: { credits: 0 },
    });
    expect(await deliverEventLate(runtime, String(paid?.event.id))).toBe(200);

    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const ledger = await ledgerOf(userId);
    expect(ledger.purchases.map((entry) => entry.amount)).toEqual([25]);
    expect(ledger.takeBacks.map((entry) => entry.amount)).toEqual([-25]);
  });

  it('ends the same whichever of grant and refund wins a race', async () => {
    const { api, userId } = await newUser('refund-race');
    const { sessionId, paid, session } = await paidWithEventHeld(api, 'pro');
    const verify = () => api('verifySession', { params: { sessionId } });

    const [{ charge }] = await Promise.all([
      stripe.refunds.create({ payment_intent: String(session.payment_intent), amount: 1500 }),
      verify(),
      deliverEventLate(runtime, String(paid?.event.id)),
      verify(),
    ]);
    await deliveredEvents(runtime, 'charge.refunded', String(charge));

    expect((await api('getCredits')).body).toEqual({ credits: 3 + 60 - 30 }); // $15.00 of $29.99: 30.01
    expect((await ledgerOf(userId)).purchases).toHaveLength(1);
    expect(await verify()).toEqual({ status: 200, body: { credits: 30 } });
  });
});

describe('a disputed payment', () => {
  /** A granted Pro purchase paid with Stripe's test card that is disputed at once, and its dispute. */
  async function disputedPro(name: string) {
    const user = await newUser(name);
    const { sessionId } = await checkout(user.api, 'pro');
    await paySession(runtime, sessionId, { card: '4000000000000259' });
    const paymentIntent = String((await stripe.checkout.sessions.retrieve(sessionId)).payment_intent);
    const [dispute] = (await stripe.disputes.list({ payment_intent: paymentIntent })).data;
    if (!dispute) throw new Error('the dispute test card opened no dispute');
    await deliveredEvents(runtime, 'charge.dispute.created', dispute.id);
    return { ...user, dispute };
  }

  it('takes back the disputed credits when the dispute opens, and not again when it is lost', async () => {
    const { api, userId, dispute } = await disputedPro('disputed');
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    expect((await ledgerOf(userId)).takeBacks).toMatchObject([
      { amount: -60, reason: 'Payment disputed: Pro package' },
    ]);

    await stripe.disputes.close(dispute.id);
    await deliveredEvents(runtime, 'charge.dispute.closed', dispute.id);

    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    expect((await ledgerOf(userId)).takeBacks).toHaveLength(1);
  });

  it('gives the credits back when the merchant wins the dispute', async () => {
    const { api, userId, dispute } = await disputedPro('dispute-won');
    await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: 'winning_evidence' } });
    const [closed] = await deliveredEvents(runtime, 'charge.dispute.closed', dispute.id);
    expect(await deliverEventLate(runtime, String(closed?.event.id))).toBe(200);

    expect((await api('getCredits')).body).toEqual({ credits: 63 });
    expect((await ledgerOf(userId)).takeBacks).toMatchObject([
      { amount: -60, reason: 'Payment disputed: Pro package' },
      { amount: 60, reason: 'Payment reinstated: Pro package' },
    ]);
  });
});

describe('credit history', () => {
  it('lists every entry newest first, with reasons, and adds up to the balance', async () => {
    const { api } = await newUser('history');
    const conversation = (await api('createConversation', { body: {} })).body.conversation;
    const prompt = 'A cat astronaut floating above a neon city at night, with "SPACE CAT" in big letters';
    const sent = await api('sendMessage', { params: { id: conversation.id }, body: { content: prompt } });
    await waitForSettled(api, sent.body.assistantMessage.id);
    const { sessionId } = await checkout(api, 'starter');
    await paySession(runtime, sessionId);

    const { status, body } = await api('getCreditHistory');
    expect(status).toBe(200);
    expect(body.balance).toBe(12);
    const entries = body.entries as { kind: string; amount: number; reason: string; created_at: string }[];
    expect(entries.map((entry) => entry.kind)).toEqual(['purchase', 'generation', 'generation', 'initial']);
    expect(entries[0]).toMatchObject({
      amount: 10,
      reason: 'Purchase: Starter package, 10 credits for $6.99',
    });
    expect(entries.find((entry) => entry.amount === -1)?.reason).toBe(
      `Image generation or edit: ${prompt.slice(0, 50)}`,
    );
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(body.balance);
    const times = entries.map((entry) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows nobody else the history', async () => {
    const ada = await newUser('ada-history');
    const babbage = await newUser('babbage-history');
    const { sessionId } = await checkout(ada.api, 'starter');
    await paySession(runtime, sessionId);
    const theirs = (await babbage.api('getCreditHistory')).body;
    expect(theirs.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['initial']);
  });
});
