import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  Charge,
  CheckoutSession,
  Dispute,
  LineItem,
  PaymentIntent,
  Refund,
  StripeEvent,
} from './objects';

export interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  /** The Stripe-Version the session was created with; its events carry it. */
  apiVersion: string | null;
  /** `payment_intent_data[metadata]` / `[description]`, copied onto the PaymentIntent and Charge. */
  paymentIntentData: { metadata: Record<string, string>; description: string | null };
}

/** One event and how its webhook delivery went. */
export interface Delivery {
  event: StripeEvent;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The receiver's HTTP status on the last attempt; absent when it could not be reached. */
  lastStatus?: number;
  lastError?: string;
  deliveredAt?: number;
}

export interface StripeState {
  sessions: Record<string, SessionRecord>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  disputes: Record<string, Dispute>;
  deliveries: Delivery[];
}

const empty = (): StripeState => ({
  sessions: {},
  paymentIntents: {},
  charges: {},
  refunds: {},
  disputes: {},
  deliveries: [],
});

/** Everything the stand-in knows, in memory, written to `<dataDir>/stripe/state.json` after each change. */
export class StripeStore {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    readonly state: StripeState,
  ) {}

  static async open(dataDir: string): Promise<StripeStore> {
    const dir = path.resolve(dataDir, 'stripe');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'state.json');
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return new StripeStore(file, { ...empty(), ...(text ? (JSON.parse(text) as StripeState) : {}) });
  }

  /** Writes one after another, each whole file replaced by rename so a crash never leaves half a file. */
  save(): Promise<void> {
    this.writes = this.writes
      .then(async () => {
        const temporary = `${this.file}.${process.pid}.tmp`;
        await writeFile(temporary, `${JSON.stringify(this.state, null, 2)}\n`);
        await rename(temporary, this.file);
      })
      .catch((error) => console.error('[stripe] could not save state:', error));
    return this.writes;
  }

  findDelivery(eventId: string): Delivery | undefined {
    return this.state.deliveries.find((delivery) => delivery.event.id === eventId);
  }
}
