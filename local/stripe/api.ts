import { buildSession, newId, type StripeEvent, unixNow } from './objects';
import {
  expandParam,
  invalidParam,
  known,
  metadataParam,
  noSuch,
  optionalInteger,
  optionalObject,
  optionalString,
  type Params,
  rejectUnknown,
  StripeApiError,
} from './params';
import type { Payments } from './payments';
import { readSessionParams } from './session-params';
import type { SessionRecord } from './store';

const REFUND_PARAMS = known(
  'amount charge currency customer expand instructions_email metadata origin payment_intent reason ' +
    'refund_application_fee reverse_transfer',
);
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const DISPUTE_PARAMS = known('evidence expand metadata submit');
/** Stripe's test-mode evidence texts that close a dispute at once. */
const DECIDING_EVIDENCE: Record<string, 'won' | 'lost'> = {
  winning_evidence: 'won',
  losing_evidence: 'lost',
};

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  apiVersion: string | null;
  idempotencyKey: string | null;
  requestId: string;
}

export interface ApiContext {
  payments: Payments;
  /** Where the hosted checkout page for a session lives. */
  pageUrl(sessionId: string): string;
}

type Route = [
  method: string,
  pattern: RegExp,
  handler: (ctx: ApiContext, req: ApiRequest, id: string) => unknown,
];

const ROUTES: Route[] = [
  ['POST', /^\/v1\/checkout\/sessions$/, createSession],
  ['GET', /^\/v1\/checkout\/sessions$/, listSessions],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (ctx, req, id) => renderSession(ctx, req, sessionById(ctx, id)),
  ],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    (ctx, _req, id) => lineItemList(sessionById(ctx, id)),
  ],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, expireSession],
  ['POST', /^\/v1\/refunds$/, createRefund],
  [
    'GET',
    /^\/v1\/refunds\/([^/]+)$/,
    (ctx, _req, id) => find(ctx.payments.store.state.refunds, 'refund', id),
  ],
  [
    'GET',
    /^\/v1\/charges\/([^/]+)$/,
    (ctx, _req, id) => find(ctx.payments.store.state.charges, 'charge', id),
  ],
  [
    'GET',
    /^\/v1\/payment_intents\/([^/]+)$/,
    (ctx, _req, id) => find(ctx.payments.store.state.paymentIntents, 'payment_intent', id, 'intent'),
  ],
  ['GET', /^\/v1\/disputes$/, listDisputes],
  ['GET', /^\/v1\/disputes\/([^/]+)$/, (ctx, _req, id) => disputeById(ctx, id)],
  ['POST', /^\/v1\/disputes\/([^/]+)$/, updateDispute],
  [
    'POST',
    /^\/v1\/disputes\/([^/]+)\/close$/,
    (ctx, req, id) => ctx.payments.closeDispute(disputeById(ctx, id), 'lost', req.apiVersion, request(req)),
  ],
  [
    'GET',
    /^\/v1\/events\/([^/]+)$/,
    (ctx, _req, id) => ctx.payments.store.findDelivery(id)?.event ?? missing('event', id),
  ],
];

/** Answers one `/v1/…` call (already authenticated) with Stripe's status and JSON body. */
export async function handleApi(
  ctx: ApiContext,
  req: ApiRequest,
): Promise<{ status: number; body: unknown }> {
  try {
    for (const [method, pattern, handler] of ROUTES) {
      const match = pattern.exec(req.path);
      if (match && method === req.method) {
        return { status: 200, body: await handler(ctx, req, decodeURIComponent(match[1] ?? '')) };
      }
    }
    throw new StripeApiError(
      404,
      `Unrecognized request URL (${req.method}: ${req.path}). The local Stripe stand-in serves Checkout Sessions, refunds, disputes, and reads of payment intents, charges and events.`,
    );
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: error.toJSON() };
    throw error;
  }
}

const missing = (kind: string, id: string, param = 'id'): never => {
  throw noSuch(kind, id, param);
};

/** A stored object by id; only own keys, so an id like `constructor` is just unknown. */
const own = <T>(table: Record<string, T>, id: string): T | undefined =>
  Object.hasOwn(table, id) ? table[id] : undefined;

const find = <T>(table: Record<string, T>, kind: string, id: string, param = 'id'): T =>
  own(table, id) ?? missing(kind, id, param);

function sessionById(ctx: ApiContext, id: string): SessionRecord {
  return find(ctx.payments.store.state.sessions, 'checkout.session', id, 'session');
}

const request = (req: ApiRequest): StripeEvent['request'] => ({
  id: req.requestId,
  idempotency_key: req.idempotencyKey,
});

const disputeById = (ctx: ApiContext, id: string) =>
  find(ctx.payments.store.state.disputes, 'dispute', id, 'dispute');

function listDisputes(ctx: ApiContext, req: ApiRequest) {
  const limit = optionalInteger(req.params, 'limit', 'limit', 1) ?? 10;
  const charge = optionalString(req.params, 'charge');
  const paymentIntent = optionalString(req.params, 'payment_intent');
  const disputes = Object.values(ctx.payments.store.state.disputes)
    .filter((dispute) => !charge || dispute.charge === charge)
    .filter((dispute) => !paymentIntent || dispute.payment_intent === paymentIntent)
    .reverse(); // newest first, as Stripe lists
  return listOf(disputes.slice(0, limit), disputes.length > limit, '/v1/disputes');
}

/** Evidence for a dispute; as in test mode, `uncategorized_text` of `winning_evidence` or `losing_evidence` closes it. */
function updateDispute(ctx: ApiContext, req: ApiRequest, id: string) {
  const dispute = disputeById(ctx, id);
  rejectUnknown(req.params, DISPUTE_PARAMS);
  const text = optionalString(optionalObject(req.params, 'evidence') ?? {}, 'uncategorized_text');
  if (text) dispute.evidence = { ...(dispute.evidence as object), uncategorized_text: text };
  const outcome = text ? DECIDING_EVIDENCE[text] : undefined;
  if (outcome) return ctx.payments.closeDispute(dispute, outcome, req.apiVersion, request(req));
  if (dispute.status === 'needs_response') dispute.status = 'under_review';
  void ctx.payments.store.save();
  return dispute;
}

function lineItemList(record: SessionRecord) {
  return listOf(record.lineItems, false, `/v1/checkout/sessions/${record.session.id}/line_items`);
}

const listOf = <T>(data: T[], hasMore: boolean, url: string) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

/** The session as the API shows it, with `expand[]=line_items` / `payment_intent` filled in. */
function renderSession(ctx: ApiContext, req: ApiRequest, record: SessionRecord) {
  const shown: Record<string, unknown> = { ...record.session };
  for (const field of expandParam(req.params)) {
    if (field === 'line_items') shown.line_items = lineItemList(record);
    else if (field === 'payment_intent') {
      const id = record.session.payment_intent;
      shown.payment_intent = id ? (ctx.payments.store.state.paymentIntents[id] ?? id) : null;
    } else throw invalidParam('expand', `This property cannot be expanded (${field}).`);
  }
  return shown;
}

function createSession(ctx: ApiContext, req: ApiRequest) {
  const created = unixNow();
  const { paymentIntentData, ...input } = readSessionParams(req.params, created);
  const id = newId('cs_test', 58);
  const record: SessionRecord = {
    session: buildSession({ ...input, id, url: ctx.pageUrl(id), created }),
    lineItems: input.lineItems,
    apiVersion: req.apiVersion,
    paymentIntentData,
  };
  ctx.payments.store.state.sessions[id] = record;
  void ctx.payments.store.save();
  return renderSession(ctx, req, record);
}

function listSessions(ctx: ApiContext, req: ApiRequest) {
  const { params } = req;
  const limit = optionalInteger(params, 'limit', 'limit', 1) ?? 10;
  if (limit > 100) throw invalidParam('limit', 'This value must be less than or equal to 100.');
  const paymentIntent = optionalString(params, 'payment_intent');
  const status = optionalString(params, 'status');
  const email = optionalString(optionalObject(params, 'customer_details') ?? {}, 'email');
  const startingAfter = optionalString(params, 'starting_after');
  let records = Object.values(ctx.payments.store.state.sessions)
    .filter(({ session }) => !paymentIntent || session.payment_intent === paymentIntent)
    .filter(({ session }) => !status || session.status === status)
    .filter(({ session }) => !email || session.customer_details?.email === email)
    .reverse(); // newest first, as Stripe lists
  if (startingAfter) {
    const index = records.findIndex(({ session }) => session.id === startingAfter);
    if (index < 0) throw noSuch('checkout.session', startingAfter, 'starting_after', 400);
    records = records.slice(index + 1);
  }
  const data = records.slice(0, limit).map((record) => renderSession(ctx, req, record));
  return listOf(data, records.length > limit, '/v1/checkout/sessions');
}

function expireSession(ctx: ApiContext, req: ApiRequest, id: string) {
  const record = sessionById(ctx, id);
  ctx.payments.expire(record, request(req));
  void ctx.payments.store.save();
  return renderSession(ctx, req, record);
}

async function createRefund(ctx: ApiContext, req: ApiRequest) {
  const { params } = req;
  rejectUnknown(params, REFUND_PARAMS);
  const { charges, paymentIntents } = ctx.payments.store.state;
  const intentId = optionalString(params, 'payment_intent');
  const chargeId = optionalString(params, 'charge');
  if (!intentId && !chargeId) {
    throw invalidParam(
      'payment_intent',
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  let charge = chargeId ? own(charges, chargeId) : undefined;
  if (chargeId && !charge) throw noSuch('charge', chargeId, 'charge', 400);
  if (intentId) {
    const intent = own(paymentIntents, intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent', 400);
    charge = own(charges, intent.latest_charge);
  }
  if (!charge) throw noSuch('charge', chargeId ?? '', 'charge', 400);
  const reason = optionalString(params, 'reason') ?? null;
  if (reason && !REFUND_REASONS.includes(reason)) {
    throw invalidParam(
      'reason',
      'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
    );
  }
  const refund = await ctx.payments.refund(
    charge,
    { amount: optionalInteger(params, 'amount', 'amount', 1), reason, metadata: metadataParam(params) },
    req.apiVersion,
    request(req),
  );
  void ctx.payments.store.save();
  return refund;
}
