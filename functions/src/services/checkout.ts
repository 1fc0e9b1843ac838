import {
  CHECKOUT_SESSION_FAILED_TEXT,
  CHECKOUT_SESSION_PARAM,
  type CheckoutSession,
  type CreditPackageId,
  checkoutReturnPaths,
  creditPackageById,
  type VerifySessionResult,
} from '@thumbnail-studio/contract';
import { getStripe, isMissingResource } from '../adapters/stripe';
import { getPurchaseCredits, grantPurchase } from '../data/purchases-repo';
import { BadRequestError, ConflictError, NotFoundError, UpstreamUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { requireSetting, settings } from '../lib/settings';

const SESSION_NOT_FOUND_TEXT = 'Checkout session not found';
const PAYMENT_NOT_COMPLETED_TEXT = 'Payment not completed';
const PAYMENT_MISMATCH_TEXT = 'The payment does not match the credit package';

/**
 * Opens a hosted checkout for one package. The price comes from the price
 * list, the buyer from the verified token; the session carries the buyer's id
 * so that its credits can only ever go to them.
 */
export async function startCheckout(input: {
  userId: string;
  email: string | undefined;
  packageId: CreditPackageId;
}): Promise<CheckoutSession> {
  const pkg = creditPackageById(input.packageId);
  if (!pkg) throw new Error(`Unknown credit package ${input.packageId}`);
  const origin = requireSetting('APP_ORIGIN').replace(/\/+$/, '');
  try {
    const stripe = await getStripe();
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: pkg.currency,
            unit_amount: pkg.priceCents,
            product_data: { name: `${pkg.name}: ${pkg.credits} credits` },
          },
        },
      ],
      client_reference_id: input.userId,
      ...(input.email ? { customer_email: input.email } : {}),
      metadata: { user_id: input.userId, package_id: pkg.id },
      // Stripe fills in the session's id.
      success_url: `${origin}${checkoutReturnPaths.success}?${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${checkoutReturnPaths.cancel}`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { sessionId: session.id, url: session.url };
  } catch (error) {
    logger.error('checkout session could not be created', { packageId: pkg.id, error });
    throw new UpstreamUnavailableError(CHECKOUT_SESSION_FAILED_TEXT);
  }
}

/**
 * The refusals fulfilCheckout throws for a session it declines, kept apart from every other error
 * (a failed grant, Stripe unreachable), which the webhook must fail on so that Stripe sends the
 * event again.
 */
const declines = new WeakSet<Error>();
function decline<E extends Error>(error: E): E {
  declines.add(error);
  return error;
}
export const isDeclinedSession = (error: unknown): boolean => error instanceof Error && declines.has(error);

/**
 * The one fulfilment, called by the webhook and by the success page alike.
 * It re-reads the session from Stripe (never trusting an event's copy) and
 * grants its package's credits once, only when it is paid for exactly that
 * package, and only to the buyer it was opened for: with `callerId`, a session
 * of anyone else is reported not found. The credits reported are those the
 * purchase still adds once any money refunded or disputed is taken back.
 * A session it declines throws the coded error that says why: not found (404),
 * not paid yet (409: a delayed payment may still pay it), or not matching its
 * package (400).
 */
export async function fulfilCheckout(sessionId: string, callerId?: string): Promise<VerifySessionResult> {
  const stripe = await getStripe();
  let session: Awaited<ReturnType<typeof stripe.checkout.sessions.retrieve>>;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  } catch (error) {
    if (isMissingResource(error)) throw decline(new NotFoundError(SESSION_NOT_FOUND_TEXT));
    throw error;
  }
  const userId = session.client_reference_id;
  if (!userId || (callerId !== undefined && userId !== callerId))
    throw decline(new NotFoundError(SESSION_NOT_FOUND_TEXT));
  if (session.payment_status !== 'paid') throw decline(new ConflictError(PAYMENT_NOT_COMPLETED_TEXT));
  const pkg = creditPackageById(session.metadata?.package_id ?? '');
  if (!pkg || session.amount_total !== pkg.priceCents || session.currency !== pkg.currency) {
    logger.error('paid checkout session does not match its package', { sessionId, packageId: pkg?.id });
    throw decline(new BadRequestError(PAYMENT_MISMATCH_TEXT));
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : undefined;
  const initialCredits = settings().INITIAL_CREDITS;
  const granted = await grantPurchase({ userId, sessionId, pkg, paymentIntent, initialCredits });
  if (granted) logger.info('credits purchased', { sessionId, packageId: pkg.id, credits: pkg.credits });
  return { credits: (await getPurchaseCredits(userId, sessionId)) ?? pkg.credits };
}
