import * as z from 'zod/mini';
import { creditPackageIdSchema } from './credits';

/** Buying credits: only the package travels; the server knows its price and the buyer from the token. */
export const createCheckoutSessionBodySchema = z.object({ packageId: creditPackageIdSchema });

/** A hosted checkout to send the browser to. */
export const checkoutSessionSchema = z.object({ sessionId: z.string(), url: z.url() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * A checkout session paid and granted: the credits it added. A session that is not the caller's,
 * not paid or not matching its package is answered with an error (`{ error, code }`), never with this.
 */
export const verifySessionSchema = z.object({ credits: z.int() });
export type VerifySessionResult = z.infer<typeof verifySessionSchema>;

/** The webhook's acknowledgement; Stripe only reads the status. */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });
