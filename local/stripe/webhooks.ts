import { createHmac } from 'node:crypto';
import { unixNow } from './objects';
import type { Delivery } from './store';

/** Stripe's retries are hours apart; locally seconds are enough to show the same behaviour. */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000, 32000, 64000];

/** `Stripe-Signature` as Stripe sends it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** Called after every attempt, so the store can save the new state. */
  onChange(): void;
}

/** Delivers events to one endpoint, retrying failures with back-off until stopped. */
export class WebhookSender {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** One attempt now; when `retry`, a failure schedules the next one, and the last failure gives up. */
  attempt(delivery: Delivery, retry = true): Promise<void> {
    const attempt = this.send(delivery, retry);
    this.inFlight.add(attempt);
    return attempt.finally(() => this.inFlight.delete(attempt));
  }

  /** Picks up a delivery a previous run left pending. */
  resume(delivery: Delivery): void {
    this.schedule(delivery, this.options.retryDelaysMs[0] ?? 1000);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private async send(delivery: Delivery, retry: boolean): Promise<void> {
    if (this.stopping.signal.aborted) return;
    // Pretty-printed like Stripe's, so a receiver that re-serializes instead of using the raw body fails here too.
    const payload = JSON.stringify(delivery.event, null, 2);
    delivery.attempts += 1;
    let ok = false;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, this.options.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      ok = response.ok;
      delivery.lastStatus = response.status;
      delete delivery.lastError;
    } catch (error) {
      delete delivery.lastStatus;
      delivery.lastError = String((error instanceof Error && error.cause) || error); // fetch hides ECONNREFUSED in cause
    }
    if (this.stopping.signal.aborted) return;
    if (ok) {
      delivery.status = 'delivered';
      delivery.deliveredAt = unixNow();
      clearTimeout(this.timers.get(delivery.event.id));
      this.timers.delete(delivery.event.id);
    } else if (retry && delivery.status === 'pending') {
      const delay = this.options.retryDelaysMs[delivery.attempts - 1];
      const outcome = delivery.lastStatus ?? delivery.lastError;
      if (delay === undefined) {
        delivery.status = 'failed';
        console.warn(
          `[stripe] ${delivery.event.type} (${delivery.event.id}) not delivered: ${outcome}; gave up`,
        );
      } else {
        console.warn(
          `[stripe] ${delivery.event.type} (${delivery.event.id}) not delivered: ${outcome}; retrying`,
        );
        this.schedule(delivery, delay);
      }
    }
    this.options.onChange();
  }

  private schedule(delivery: Delivery, delayMs: number): void {
    clearTimeout(this.timers.get(delivery.event.id));
    const timer = setTimeout(() => {
      this.timers.delete(delivery.event.id);
      void this.attempt(delivery);
    }, delayMs);
    timer.unref(); // pending retries never keep a finished process alive
    this.timers.set(delivery.event.id, timer);
  }
}
