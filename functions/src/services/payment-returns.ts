import { creditPackageById } from '@thumbnail-studio/contract';
import { getStripe } from '../adapters/stripe';
import { type DisputeReport, type PaymentReturns, withDispute, withRefund } from '../core/payment-returns';
import { followPaymentReturns } from '../data/purchases-repo';
import { logger } from '../lib/logger';

/**
 * Makes a purchase's credits follow its money back, whichever order Stripe's
 * events come in: the payment's checkout session names the buyer and the
 * package (Stripe has it paid before any refund or dispute, even when our
 * grant has not happened yet), and every report is recorded against it.
 */
async function followPayment(
  paymentIntent: string,
  cause: 'refunded' | 'disputed',
  report: (returns: PaymentReturns) => PaymentReturns,
): Promise<void> {
  const stripe = await getStripe();
  const { data: sessions } = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions[0];
  const userId = session?.client_reference_id;
  if (!session || !userId || session.amount_total === null) {
    logger.warn(`${cause} payment has no checkout session of ours`, { paymentIntent });
    return;
  }
  const pkg = creditPackageById(session.metadata?.package_id ?? '');
  const change = await followPaymentReturns({
    userId,
    sessionId: session.id,
    ...(pkg && { pkg }),
    amountCents: session.amount_total,
    cause,
    report,
  });
  logger.info(`credits follow a ${cause} payment`, { sessionId: session.id, change });
}

/** A refund of a payment: `refundedCents` is the charge's cumulative `amount_refunded`. */
export const followRefund = (paymentIntent: string, refundedCents: number) =>
  followPayment(paymentIntent, 'refunded', (returns) => withRefund(returns, refundedCents));

/** News of a dispute on a payment: opened (its funds withdrawn), or closed won or lost. */
export const followDispute = (paymentIntent: string, disputeId: string, dispute: DisputeReport) =>
  followPayment(paymentIntent, 'disputed', (returns) => withDispute(returns, disputeId, dispute));
