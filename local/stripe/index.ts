import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from './gateway';
import { createHostedPages } from './hosted';
import { readBody, sendHtml, sendJson } from './http';
import { messagePage } from './page';
import { StripeApiError } from './params';
import { Payments } from './payments';
import { type Delivery, StripeStore } from './store';
import { DEFAULT_RETRY_DELAYS_MS, WebhookSender } from './webhooks';

export type { Delivery as WebhookDelivery } from './store';
export { signatureHeader } from './webhooks';

export interface StripeLocalOptions {
  /** 0 = any free port. */
  port: number;
  /** Sessions, payments and events are kept in `${dataDir}/stripe/state.json` across restarts. */
  dataDir: string;
  /** Where events are POSTed, e.g. http://localhost:3000/api/stripe-webhook. */
  webhookUrl: string;
  /** Signs deliveries (`Stripe-Signature`, scheme v1), as the endpoint's `whsec_…` secret does. */
  webhookSecret: string;
  /** Base of the hosted-page URLs; default http://localhost:<port>. */
  publicUrl?: string;
  /** Waits between delivery attempts of a failed event; default 1, 2, 4 … 64 s (8 attempts in all). */
  retryDelaysMs?: readonly number[];
  /** How long Pay waits for the first delivery before redirecting anyway; default 2000. */
  deliveryWaitMs?: number;
  /** A receiver that has not answered after this long counts as failed; default 10000. */
  deliveryTimeoutMs?: number;
}

export interface StripeLocal {
  /** The API's base, e.g. http://127.0.0.1:41234 (the SDK takes host, port and protocol). */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  /** Every event so far with its delivery state, oldest first (a copy). */
  events(): readonly Delivery[];
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * A stand-in for Stripe's API, hosted Checkout and webhooks on loopback, so
 * the real `stripe` SDK can buy credits locally with no account and no network.
 */
export async function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal> {
  const store = await StripeStore.open(options.dataDir);
  const sender = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    onChange: () => void store.save(),
  });
  const payments = new Payments(store, sender, options.deliveryWaitMs ?? 2000);
  let publicUrl = '';
  const gateway = createGateway({ payments, pageUrl: (id) => `${publicUrl}/c/pay/${id}` });
  const hosted = createHostedPages(payments, sender);

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${HOST}`);
      const raw = await readBody(req);
      if (raw === undefined) {
        return sendJson(res, 413, new StripeApiError(413, 'Request body too large.').toJSON());
      }
      const body = raw.toString('utf8');
      if (url.pathname.startsWith('/v1/')) return await gateway(req, res, url, body);
      if ((await hosted(req, res, url, body)) === false) {
        sendHtml(res, 404, messagePage('Not found', 'There is nothing at this address.'));
      }
    } catch (error) {
      console.error('[stripe] request failed:', error);
      const body = { error: { type: 'api_error', message: 'Unexpected error in the local stand-in.' } };
      if (res.headersSent) res.end();
      else sendJson(res, 500, body);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} is already in use (local Stripe).`)
          : error,
      ),
    );
    server.listen(options.port, HOST);
  });
  const port = (server.address() as AddressInfo).port;
  publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  for (const delivery of store.state.deliveries) if (delivery.status === 'pending') sender.resume(delivery);

  return {
    url: `http://${HOST}:${port}`,
    host: HOST,
    port,
    protocol: 'http',
    events: () => structuredClone(store.state.deliveries),
    stop: async () => {
      await sender.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.save();
    },
  };
}
