import { buildLineItem, type LineItem, type SessionInput } from './objects';
import {
  invalidParam,
  known,
  listParam,
  metadataParam,
  missingParam,
  noSuch,
  optionalInteger,
  optionalObject,
  optionalString,
  type Params,
  rejectUnknown,
  requiredString,
} from './params';

/** The params Stripe's API knows here (stripe-node v23); any other is refused, as Stripe does. */
const SESSION_PARAMS = known(
  'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax ' +
    'billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency ' +
    'custom_fields custom_text customer customer_account customer_creation customer_email customer_update ' +
    'discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation ' +
    'line_items locale managed_payments metadata mode name_collection optional_items origin_context ' +
    'payment_intent_data payment_method_collection payment_method_configuration payment_method_data ' +
    'payment_method_options payment_method_types permissions phone_number_collection redirect_on_completion ' +
    'return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options ' +
    'submit_type subscription_data success_url tax_id_collection ui_mode wallet_options',
);
const LINE_ITEM_PARAMS = known(
  'adjustable_quantity dynamic_tax_rates metadata price price_data quantity tax_rates',
);
const PRICE_DATA_PARAMS = known(
  'currency product product_data recurring tax_behavior unit_amount unit_amount_decimal',
);
const PRODUCT_DATA_PARAMS = known('description images metadata name tax_code tax_details unit_label');
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((code) => code.toLowerCase()));
/** Stripe's smallest charge, for the currencies this app may use. */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50 };

export type SessionParams = Omit<SessionInput, 'id' | 'url' | 'created'> & {
  paymentIntentData: { metadata: Record<string, string>; description: string | null };
};

/** Reads and checks `POST /v1/checkout/sessions` as Stripe would, for `mode=payment` with `price_data`. */
export function readSessionParams(params: Params, created: number): SessionParams {
  rejectUnknown(params, SESSION_PARAMS);
  const mode = requiredString(params, 'mode');
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    throw invalidParam('mode', 'Invalid mode: must be one of payment, setup, or subscription');
  }
  if (mode !== 'payment') throw invalidParam('mode', 'The local Stripe stand-in supports only mode=payment.');
  const uiMode = optionalString(params, 'ui_mode');
  if (uiMode && uiMode !== 'hosted') {
    throw invalidParam('ui_mode', 'The local Stripe stand-in supports only hosted Checkout.');
  }
  const rawItems = listParam(params, 'line_items');
  if (rawItems.length === 0) {
    throw invalidParam(
      'line_items',
      'You must provide at least one line item in `payment` mode.',
      'parameter_missing',
    );
  }
  const lineItems = rawItems.map((item, index) => lineItem(item, `line_items[${index}]`, created));
  const currency = lineItems[0]?.currency ?? '';
  if (lineItems.some((item) => item.currency !== currency)) {
    throw invalidParam('line_items', 'All line items must use the same currency.');
  }
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const minimum = MINIMUM_AMOUNT[currency];
  if (minimum !== undefined && total < minimum) {
    throw invalidParam(
      'line_items',
      `The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (in the currency's smallest unit).`,
      'amount_too_small',
    );
  }
  const customerEmail = optionalString(params, 'customer_email', 'customer_email', 800);
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
  }
  const intentData = optionalObject(params, 'payment_intent_data') ?? {};
  return {
    lineItems,
    clientReferenceId: optionalString(params, 'client_reference_id', 'client_reference_id', 200),
    customerEmail,
    metadata: metadataParam(params),
    successUrl: urlParam(params, 'success_url'),
    cancelUrl: urlParam(params, 'cancel_url'),
    expiresAt: optionalInteger(params, 'expires_at', 'expires_at', created + 30 * 60),
    locale: optionalString(params, 'locale'),
    submitType: optionalString(params, 'submit_type'),
    paymentIntentData: {
      metadata: metadataParam(intentData, 'metadata', 'payment_intent_data[metadata]'),
      description: optionalString(intentData, 'description', 'payment_intent_data[description]') ?? null,
    },
  };
}

function lineItem(value: Params[string], name: string, created: number): LineItem {
  if (typeof value === 'string') throw invalidParam(name, `Invalid object: ${name} must be a hash`);
  rejectUnknown(value, LINE_ITEM_PARAMS, name);
  const price = optionalString(value, 'price', `${name}[price]`);
  if (price) throw noSuch('price', price, `${name}[price]`, 400);
  const priceData = optionalObject(value, 'price_data', `${name}[price_data]`);
  if (!priceData) throw missingParam(`${name}[price_data]`);
  const priceName = `${name}[price_data]`;
  rejectUnknown(priceData, PRICE_DATA_PARAMS, priceName);
  const currency = requiredString(priceData, 'currency', `${priceName}[currency]`).toLowerCase();
  if (!CURRENCIES.has(currency)) {
    throw invalidParam(`${priceName}[currency]`, `Invalid currency: ${currency}.`);
  }
  const unitAmount = optionalInteger(priceData, 'unit_amount', `${priceName}[unit_amount]`, 0);
  if (unitAmount === undefined) throw missingParam(`${priceName}[unit_amount]`);
  const product = optionalString(priceData, 'product', `${priceName}[product]`);
  if (product) throw noSuch('product', product, `${priceName}[product]`, 400);
  const productData = optionalObject(priceData, 'product_data', `${priceName}[product_data]`);
  if (!productData) throw missingParam(`${priceName}[product_data]`);
  rejectUnknown(productData, PRODUCT_DATA_PARAMS, `${priceName}[product_data]`);
  const productName = requiredString(productData, 'name', `${priceName}[product_data][name]`);
  const quantity = optionalInteger(value, 'quantity', `${name}[quantity]`, 1);
  if (quantity === undefined) throw missingParam(`${name}[quantity]`);
  return buildLineItem({ name: productName, currency, unitAmount, quantity }, created);
}

function urlParam(params: Params, key: string): string | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  // Stripe keeps `{CHECKOUT_SESSION_ID}` literally and fills it in on redirect.
  if (!URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x')) || !/^https?:/i.test(value)) {
    throw invalidParam(key, 'Not a valid URL', 'url_invalid');
  }
  return value;
}
