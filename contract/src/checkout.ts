import * as z from 'zod/mini';
import { creditPackageIdSchema } from './credits';

/** Buying credits: only the package travels; the server knows its price and the buyer from the token. */
export const createCheckoutSessionBodySchema = z.object({ packageId: creditPackageIdSchema });

/** A hosted checkout to send the browser to. */
export const checkoutSessionSchema = z.object({ sessionId: z.string(), url: z.url() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** Whether a checkout session is paid and granted, and how many credits it added. */
export const verifySessionSchema = z.object({
  success: z.boolean(),
  credits: z.optional(z.int()),
  error: z.optional(z.string()),
});
export type VerifySessionResult = z.infer<typeof verifySessionSchema>;

/** The webhook's acknowledgement; Stripe only reads the status. */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });
