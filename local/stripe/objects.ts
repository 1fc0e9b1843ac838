import { randomBytes } from 'node:crypto';

// Objects as Stripe's API answers them: the fields the backend reads are typed, the rest ride along.

export interface CustomerDetails {
  address: Record<string, string | null> | null;
  email: string | null;
  name: string | null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [] | null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: CustomerDetails | null;
  metadata: Record<string, string>;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  livemode: false;
  [field: string]: unknown;
}

export interface LineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { id: string; object: 'price'; currency: string; unit_amount: number; [field: string]: unknown };
  [field: string]: unknown;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  latest_charge: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  [field: string]: unknown;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  [field: string]: unknown;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  [field: string]: unknown;
}

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  [field: string]: unknown;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Stripe's shape: `cs_test_` + 58 characters, `pi_` + 24, … */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);

export interface LineItemInput {
  name: string;
  description?: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export function buildLineItem(input: LineItemInput, created: number): LineItem {
  const total = input.unitAmount * input.quantity;
  return {
    id: newId('li'),
    object: 'item',
    amount_discount: 0,
    amount_subtotal: total,
    amount_tax: 0,
    amount_total: total,
    currency: input.currency,
    description: input.name,
    metadata: {},
    price: {
      id: newId('price'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: input.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: newId('prod', 14),
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    },
    quantity: input.quantity,
  };
}

export interface SessionInput {
  id: string;
  url: string;
  lineItems: LineItem[];
  clientReferenceId?: string;
  customerEmail?: string;
  metadata: Record<string, string>;
  successUrl?: string;
  cancelUrl?: string;
  expiresAt?: number;
  locale?: string;
  submitType?: string;
  created: number;
}

export function buildSession(input: SessionInput): CheckoutSession {
  const total = input.lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  return {
    id: input.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl ?? null,
    client_reference_id: input.clientReferenceId ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.lineItems[0]?.currency ?? 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_creation: 'if_required',
    customer_details: input.customerEmail ? customerDetails(input.customerEmail, null) : null,
    customer_email: input.customerEmail ?? null,
    discounts: [],
    expires_at: input.expiresAt ?? input.created + 24 * 60 * 60,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale ?? null,
    metadata: input.metadata,
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: input.submitType ?? null,
    subscription: null,
    success_url: input.successUrl ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: input.url,
    wallet_options: null,
  };
}

export function customerDetails(email: string, name: string | null): CustomerDetails {
  const address = name
    ? { city: null, country: 'US', line1: null, line2: null, postal_code: null, state: null }
    : null;
  return { address, email, name, phone: null, tax_exempt: 'none', tax_ids: name ? [] : null };
}

export interface PaymentInput {
  amount: number;
  currency: string;
  email: string;
  name: string;
  last4: string;
  metadata: Record<string, string>;
  description: string | null;
}

/** The succeeded PaymentIntent and its Charge that paying a Checkout Session leaves behind. */
export function buildPayment(input: PaymentInput): { intent: PaymentIntent; charge: Charge } {
  const created = unixNow();
  const intentId = newId('pi');
  const chargeId = newId('ch');
  const paymentMethod = newId('pm');
  const intent: PaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.amount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${intentId}_secret_${newId('x', 25).slice(2)}`,
    confirmation_method: 'automatic',
    created,
    currency: input.currency,
    customer: null,
    description: input.description,
    last_payment_error: null,
    latest_charge: chargeId,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    payment_method: paymentMethod,
    payment_method_types: ['card'],
    receipt_email: null,
    status: 'succeeded',
  };
  const charge: Charge = {
    id: chargeId,
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    balance_transaction: newId('txn'),
    billing_details: { address: null, email: input.email, name: input.name, phone: null },
    captured: true,
    created,
    currency: input.currency,
    customer: null,
    description: input.description,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: input.metadata,
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: intentId,
    payment_method: paymentMethod,
    payment_method_details: {
      type: 'card',
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        last4: input.last4,
      },
    },
    receipt_email: null,
    receipt_url: null,
    refunded: false,
    status: 'succeeded',
  };
  return { intent, charge };
}

export function buildRefund(
  charge: Charge,
  amount: number,
  reason: string | null,
  metadata: Record<string, string>,
) {
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    destination_details: { card: { reference_status: 'pending', type: 'refund' }, type: 'card' },
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  return refund;
}

/** A dispute as the card network opens it: the unrefunded amount, funds withdrawn, evidence due in a week. */
export function buildDispute(charge: Charge, reason: string): Dispute {
  const created = unixNow();
  return {
    id: newId('dp'),
    object: 'dispute',
    amount: charge.amount - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    evidence: { uncategorized_text: null },
    evidence_details: {
      due_by: created + 7 * 24 * 60 * 60,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason,
    status: 'needs_response',
  };
}

export function buildEvent(
  type: string,
  object: unknown,
  apiVersion: string | null,
  request: StripeEvent['request'],
  previousAttributes?: Record<string, unknown>,
): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: unixNow(),
    // A snapshot: later changes to the object must not change what the event said.
    data: {
      object: structuredClone(object),
      ...(previousAttributes && { previous_attributes: previousAttributes }),
    },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
}
