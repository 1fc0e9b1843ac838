import { createCheckoutSessionBodySchema } from '@thumbnail-studio/contract';
import * as z from 'zod/mini';
import { getEmailOfCaller } from '../adapters/cognito-users';
import { getStripe, getWebhookSecret } from '../adapters/stripe';
import { WEBHOOK_SIGNATURE_REFUSED } from '../core/webhook-signature';
import { BadRequestError } from '../lib/errors';
import { createApiHandler, json, parseBody, rawBody } from '../lib/http';
import { logger } from '../lib/logger';
import type { RouteKey } from '../routes';
import { fulfilCheckout, isDeclinedSession, startCheckout } from '../services/checkout';
import { followDispute, followRefund } from '../services/payment-returns';
import { takeRateLimit } from '../services/rate-limits';

/** Stripe's default: a signature older than 5 minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Events that mean a checkout was paid: at once by card, or later by a delayed method. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** Events that say where a dispute stands: opened (funds withdrawn), closed won or lost. */
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.closed']);
/** Every event the webhook acts on: the ones to register with Stripe for its endpoint. */
export const WEBHOOK_EVENTS = [...PAID_EVENTS, 'charge.refunded', ...DISPUTE_EVENTS];

/** An id Stripe sends as is, or inside its object when expanded. */
const idSchema = z.pipe(
  z.union([z.string(), z.object({ id: z.string() })]),
  z.transform((value) => (typeof value === 'string' ? value : value.id)),
);
/** The charge of `charge.refunded`: `amount_refunded` is what all its refunds add up to. */
const refundedChargeSchema = z.object({ payment_intent: z.nullable(idSchema), amount_refunded: z.int() });
const disputeSchema = z.object({
  id: z.string(),
  amount: z.int(),
  status: z.string(),
  charge: idSchema,
  payment_intent: z.optional(z.nullable(idSchema)),
});

/** The payment a dispute is about; a dispute that does not name it names its charge. */
async function disputedPaymentIntent(dispute: z.infer<typeof disputeSchema>): Promise<string | undefined> {
  if (dispute.payment_intent) return dispute.payment_intent;
  const charge = await (await getStripe()).charges.retrieve(dispute.charge);
  return typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
}

/** The caller's e-mail for the receipt, or none: a purchase never fails for want of it. */
async function callerEmail(authorization: string | undefined): Promise<string | undefined> {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  if (!token) return undefined;
  return getEmailOfCaller(token).catch((error: unknown) => {
    logger.warn('could not read the buyer e-mail', { error });
    return undefined;
  });
}

/**
 * Fulfils the session of a paid event. A session the fulfilment declines (not ours, not paid, not
 * matching its package) is acknowledged all the same: sending the event again would not change
 * the answer. Any other failure is Stripe's to deliver again.
 */
async function fulfilPaidEvent(sessionId: string): Promise<void> {
  try {
    await fulfilCheckout(sessionId);
  } catch (error) {
    if (!isDeclinedSession(error)) throw error;
  }
}

export const handler = createApiHandler<RouteKey<'payments'>>(
  {
    'POST /api/create-checkout-session': async ({ userId, event }) => {
      await takeRateLimit(userId, 'startCheckout');
      // Only the package is read from the body: any user id, e-mail or price sent along is ignored.
      const { packageId } = parseBody(event, createCheckoutSessionBodySchema);
      const email = await callerEmail(event.headers.authorization);
      return json(200, await startCheckout({ userId, email, packageId }));
    },

    'GET /api/verify-session/{sessionId}': async ({ userId, params }) => {
      await takeRateLimit(userId, 'verifyCheckout');
      return json(200, await fulfilCheckout(params.sessionId ?? '', userId));
    },

    'POST /api/stripe-webhook': async ({ event }) => {
      const signature = event.headers['stripe-signature'];
      if (!signature) throw new BadRequestError('Missing Stripe-Signature header');
      const stripe = await getStripe();
      let stripeEvent: ReturnType<typeof stripe.webhooks.constructEvent>;
      try {
        stripeEvent = stripe.webhooks.constructEvent(
          rawBody(event),
          signature,
          await getWebhookSecret(),
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        logger.warn(WEBHOOK_SIGNATURE_REFUSED, { error });
        throw new BadRequestError('Invalid Stripe signature');
      }
      if (PAID_EVENTS.has(stripeEvent.type)) {
        await fulfilPaidEvent((stripeEvent.data.object as { id: string }).id);
      } else if (stripeEvent.type === 'charge.refunded') {
        // A charge without a payment intent was not made by a checkout session of ours.
        const charge = refundedChargeSchema.parse(stripeEvent.data.object);
        if (charge.payment_intent) await followRefund(charge.payment_intent, charge.amount_refunded);
      } else if (DISPUTE_EVENTS.has(stripeEvent.type)) {
        const dispute = disputeSchema.parse(stripeEvent.data.object);
        const paymentIntent = await disputedPaymentIntent(dispute);
        const report = { amountCents: dispute.amount, status: dispute.status };
        if (paymentIntent) await followDispute(paymentIntent, dispute.id, report);
      }
      // Every other event type is acknowledged and ignored, so Stripe stops sending it again.
      return json(200, { received: true });
    },
  },
  { publicRoutes: ['POST /api/stripe-webhook'] },
);
