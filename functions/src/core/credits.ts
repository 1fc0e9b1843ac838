import type { CreditHistoryEntry, CreditPackage } from '@thumbnail-studio/contract';

/**
 * Credit rules. The balance only ever changes together with a ledger entry,
 * and each entry's key names its cause, so one event can never apply twice.
 */

export interface LedgerEntry {
  sk: string;
  amount: number;
  reason: string;
  created_at: string;
}

/** Ledger entry keys; the key is the idempotency guard. */
export const ledgerKeys = {
  initialGrant: 'ledger#initial',
  /** A generation job: reserve on send, then exactly one of commit or refund. */
  job: (jobId: string) => ({
    reserve: `ledger#reserve#${jobId}`,
    commit: `ledger#commit#${jobId}`,
    refund: `ledger#refund#${jobId}`,
  }),
  /** A checkout session: granted once, and taken back once if its payment is refunded. */
  purchase: (sessionId: string) => ({
    grant: `ledger#purchase#${sessionId}`,
    paymentRefund: `ledger#payment-refund#${sessionId}`,
  }),
} as const;

/** How many characters of a prompt a ledger entry quotes. */
const QUOTED_PROMPT_LENGTH = 50;

const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What each kind of entry says in the credit history. */
export const ledgerReasons = {
  initialGrant: 'Initial credits',
  /** 'Image generation or edit' and the first 50 characters of the prompt. */
  generation: (prompt: string | null) => {
    const quoted = (prompt ?? '').trim().replace(/\s+/g, ' ').slice(0, QUOTED_PROMPT_LENGTH);
    return quoted ? `Image generation or edit: ${quoted}` : 'Image generation or edit';
  },
  /** A failed job gives its credit back; the reason says why, as the creator was told. */
  refund: (why: string) => `Refund: ${why}`,
  purchase: (pkg: CreditPackage) =>
    `Purchase: ${pkg.name} package, ${pkg.credits} credits for ${formatUsd(pkg.priceCents)}`,
  paymentRefund: (pkg: CreditPackage | undefined) =>
    `Payment refunded: ${pkg ? `${pkg.name} package` : 'credit purchase'}`,
} as const;

/** The kind of change an entry records, read from its key. */
export function ledgerKind(sk: string): CreditHistoryEntry['kind'] {
  if (sk === ledgerKeys.initialGrant) return 'initial';
  if (sk.startsWith('ledger#purchase#')) return 'purchase';
  if (sk.startsWith('ledger#payment-refund#')) return 'payment_refund';
  if (sk.startsWith('ledger#refund#')) return 'refund';
  return 'generation';
}

/** The balance a ledger implies; the stored balance must always equal it. */
export const sumLedger = (entries: readonly Pick<LedgerEntry, 'amount'>[]): number =>
  entries.reduce((total, entry) => total + entry.amount, 0);

/** Credits a refunded payment takes back: what it bought, but never more than is left. */
export const creditsToTakeBack = (purchased: number, balance: number): number =>
  Math.max(0, Math.min(purchased, balance));
