import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, redirect, sendHtml, sendJson } from './http';
import { checkoutPage, messagePage } from './page';
import { StripeApiError } from './params';
import type { PayDetails, Payments } from './payments';
import type { SessionRecord } from './store';
import type { WebhookSender } from './webhooks';

const own = <T>(table: Record<string, T>, id: string) => (Object.hasOwn(table, id) ? table[id] : undefined);

/**
 * The hosted checkout page (`/c/pay/{id}`, with Pay and Cancel posting back)
 * and the test hooks under `/_local/`. Answers false for any other path.
 */
export function createHostedPages(payments: Payments, sender: WebhookSender) {
  const { store } = payments;

  async function checkout(
    res: ServerResponse,
    method: string,
    id: string,
    action: string | undefined,
    body: string,
  ) {
    const record = own(store.state.sessions, id);
    if (!record) {
      return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout session does not exist.'));
    }
    const { session } = record;
    if (method === 'GET' && !action) {
      return sendHtml(res, 200, session.status === 'open' ? checkoutPage(record) : closedPage(record));
    }
    if (method !== 'POST' || !action) {
      return sendHtml(res, 405, messagePage('Not allowed', 'Use the buttons.'));
    }
    if (action === 'cancel') {
      if (session.cancel_url) return redirect(res, session.cancel_url);
      return sendHtml(res, 200, messagePage('Checkout cancelled', 'You were not charged.'));
    }
    const form = new URLSearchParams(body);
    const details = { email: form.get('email')?.trim() ?? '', card: form.get('card') ?? '' };
    if (session.status === 'open' && !details.email && !session.customer_email) {
      return sendHtml(res, 400, checkoutPage(record, { ...details, error: 'Enter your email address.' }));
    }
    try {
      await payments.pay(record, details);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      if (session.status !== 'open') return sendHtml(res, 409, closedPage(record));
      return sendHtml(res, error.status, checkoutPage(record, { ...details, error: error.message }));
    }
    void store.save();
    const success = successUrl(record);
    if (success) return redirect(res, success);
    sendHtml(res, 200, closedPage(record));
  }

  /** Pressing Pay without a browser; answers the paid session as JSON. */
  async function pay(req: IncomingMessage, res: ServerResponse, id: string, body: string) {
    const record = own(store.state.sessions, id);
    if (!record) {
      const error = new StripeApiError(404, `No such checkout.session: '${id}'`, {
        code: 'resource_missing',
      });
      return sendJson(res, 404, error.toJSON());
    }
    let details: PayDetails;
    try {
      const json = header(req, 'content-type')?.includes('json');
      details = (json && body ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body))) ?? {};
      await payments.pay(record, details);
    } catch (error) {
      if (error instanceof StripeApiError) return sendJson(res, error.status, error.toJSON());
      if (error instanceof SyntaxError) {
        return sendJson(res, 400, new StripeApiError(400, error.message).toJSON());
      }
      throw error;
    }
    void store.save();
    sendJson(res, 200, record.session);
  }

  /** One more delivery attempt of an event, whatever its state; answers how it went. */
  async function resend(res: ServerResponse, id: string) {
    const delivery = store.findDelivery(id);
    if (!delivery) {
      const error = new StripeApiError(404, `No such event: '${id}'`, { code: 'resource_missing' });
      return sendJson(res, 404, error.toJSON());
    }
    await sender.attempt(delivery, false);
    const { status, attempts, lastStatus, lastError } = delivery;
    sendJson(res, 200, { id, type: delivery.event.type, status, attempts, lastStatus, lastError });
  }

  return async function hosted(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const method = req.method ?? 'GET';
    const page = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (page) return checkout(res, method, decodeURIComponent(page[1] ?? ''), page[2], body);
    const hook = /^\/_local\/(sessions\/([^/]+)\/pay|events\/([^/]+)\/resend|events)$/.exec(url.pathname);
    if (hook?.[2] && method === 'POST') return pay(req, res, decodeURIComponent(hook[2]), body);
    if (hook?.[3] && method === 'POST') return resend(res, decodeURIComponent(hook[3]));
    if (hook?.[1] === 'events' && method === 'GET') return sendJson(res, 200, store.state.deliveries);
    return false;
  };
}

function successUrl(record: SessionRecord): string | undefined {
  return record.session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id);
}

/** What a paid or expired session's page shows instead of the form. */
function closedPage(record: SessionRecord): string {
  const { session } = record;
  if (session.payment_status === 'paid') {
    const success = successUrl(record);
    const back = success ? { href: success, text: 'Return to the store' } : undefined;
    return messagePage('Payment complete', 'This checkout session is paid.', back);
  }
  const back = session.cancel_url ? { href: session.cancel_url, text: 'Return to the store' } : undefined;
  return messagePage(
    'Checkout expired',
    'This checkout session has expired; start again from the store.',
    back,
  );
}
