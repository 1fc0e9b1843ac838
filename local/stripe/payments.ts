import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildDispute,
  buildEvent,
  buildPayment,
  buildRefund,
  type Charge,
  customerDetails,
  type Dispute,
  type StripeEvent,
} from './objects';
import { StripeApiError } from './params';
import type { Delivery, SessionRecord, StripeStore } from './store';
import type { WebhookSender } from './webhooks';

export interface PayDetails {
  email?: string;
  name?: string;
  /** Digits of a test card; 4000 0000 0000 0002 is declined, as in Stripe's test mode. */
  card?: string;
  /**
   * Tests: record `checkout.session.completed` without delivering it, as an event Stripe delivers
   * late; `/_local/events/{id}/resend` delivers it.
   */
  holdEvent?: boolean;
}

const DECLINED: Record<string, string> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
};
/** Test cards that pay and are then disputed, with the dispute's reason, as in Stripe's test mode. */
const DISPUTED: Record<string, string> = {
  '4000000000000259': 'fraudulent',
  '4000000000002685': 'product_not_received',
};

/** What happens to payments, and the events it sends: shared by the API, the hosted page and the test hooks. */
export class Payments {
  constructor(
    readonly store: StripeStore,
    private readonly sender: WebhookSender,
    /** How long paying waits for the first webhook attempt before redirecting anyway. */
    private readonly deliveryWaitMs: number,
  ) {}

  /** Completes an open session; paying a paid one again does nothing. Waits briefly for the first delivery. */
  async pay(record: SessionRecord, details: PayDetails): Promise<void> {
    const { session } = record;
    if (session.payment_status === 'paid') return;
    if (session.status !== 'open') {
      throw new StripeApiError(400, `This Checkout Session is ${session.status} and can no longer be paid.`, {
        code: 'checkout_session_expired',
      });
    }
    const card = (details.card ?? '4242424242424242').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(card)) {
      throw new StripeApiError(402, 'Your card number is incomplete.', {
        type: 'card_error',
        code: 'incomplete_number',
      });
    }
    const decline = DECLINED[card];
    if (decline) {
      throw new StripeApiError(402, 'Your card was declined.', {
        type: 'card_error',
        code: 'card_declined',
        decline_code: decline,
      });
    }
    const email = details.email || session.customer_email || 'buyer@example.com';
    const name = details.name || 'Local Test Buyer';
    const { intent, charge } = buildPayment({
      amount: session.amount_total,
      currency: session.currency,
      email,
      name,
      last4: card.slice(-4),
      ...record.paymentIntentData,
    });
    this.store.state.paymentIntents[intent.id] = intent;
    this.store.state.charges[charge.id] = charge;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      customer_details: customerDetails(email, name),
      url: null, // Stripe clears the URL once the session is complete
    });
    const noRequest = { id: null, idempotency_key: null };
    const first = this.emit('checkout.session.completed', session, record.apiVersion, noRequest, {
      deliver: !details.holdEvent,
    });
    const waited = new AbortController();
    await Promise.race([
      first,
      sleep(this.deliveryWaitMs, undefined, { signal: waited.signal }).catch(() => {}),
    ]);
    waited.abort();
    const disputeReason = DISPUTED[card];
    if (disputeReason) this.dispute(charge, disputeReason, record.apiVersion);
  }

  /** The card holder disputes a charge: the disputed amount is withdrawn from the merchant at once. */
  dispute(charge: Charge, reason: string, apiVersion: string | null) {
    const dispute = buildDispute(charge, reason);
    this.store.state.disputes[dispute.id] = dispute;
    charge.disputed = true;
    const noRequest = { id: null, idempotency_key: null };
    void this.emit('charge.dispute.created', dispute, apiVersion, noRequest);
    void this.emit('charge.dispute.funds_withdrawn', dispute, apiVersion, noRequest);
    return dispute;
  }

  /**
   * Closes an open dispute, `lost` when the merchant accepts it (or its evidence loses), `won` when
   * the evidence wins, which gives the merchant the funds back.
   */
  closeDispute(
    dispute: Dispute,
    status: 'won' | 'lost',
    apiVersion: string | null,
    request: StripeEvent['request'],
  ) {
    if (dispute.status === 'won' || dispute.status === 'lost') {
      throw new StripeApiError(400, `This dispute is already closed (${dispute.status}).`, {
        code: 'dispute_already_closed',
      });
    }
    const previous = { status: dispute.status };
    dispute.status = status;
    void this.emit('charge.dispute.closed', dispute, apiVersion, request, { previous });
    if (status === 'won') void this.emit('charge.dispute.funds_reinstated', dispute, apiVersion, request);
    return dispute;
  }

  /** Refunds all or part of a charge and sends `charge.refunded`, as Stripe does for every refund. */
  async refund(
    charge: Charge,
    options: { amount?: number; reason: string | null; metadata: Record<string, string> },
    apiVersion: string | null,
    request: StripeEvent['request'],
  ) {
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0) {
      throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = options.amount ?? remaining;
    if (amount > remaining) {
      throw new StripeApiError(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund = buildRefund(charge, amount, options.reason, options.metadata);
    this.store.state.refunds[refund.id] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    void this.emit('charge.refunded', charge, apiVersion, request, { previous });
    return refund;
  }

  expire(record: SessionRecord, request: StripeEvent['request']) {
    if (record.session.status !== 'open') {
      throw new StripeApiError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', {
        code: 'checkout_session_expired',
      });
    }
    Object.assign(record.session, { status: 'expired', url: null });
    void this.emit('checkout.session.expired', record.session, record.apiVersion, request);
  }

  /**
   * Records the event and makes its first delivery attempt; failures are retried in the background.
   * With `deliver: false` it is only recorded, pending, for a test to deliver late.
   */
  private emit(
    type: string,
    object: unknown,
    apiVersion: string | null,
    request: StripeEvent['request'],
    options: { previous?: Record<string, unknown>; deliver?: boolean } = {},
  ): Promise<void> {
    const event = buildEvent(type, object, apiVersion, request, options.previous);
    const delivery: Delivery = { event, status: 'pending', attempts: 0 };
    this.store.state.deliveries.push(delivery);
    void this.store.save();
    return options.deliver === false ? Promise.resolve() : this.sender.attempt(delivery);
  }
}
