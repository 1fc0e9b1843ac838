import { type CreditHistoryEntry, type CreditPackage, GENERATION_COST } from '@thumbnail-studio/contract';

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
  /**
   * A generation job: one reserve on send for all its variations, then exactly one of commit or
   * refund per variation. These are the first variation's (a job of one image has only these).
   */
  job: (jobId: string) => ({
    reserve: `ledger#reserve#${jobId}`,
    commit: `ledger#commit#${jobId}`,
    refund: `ledger#refund#${jobId}`,
  }),
  /** The settlement keys of variation `index` of a job: the first's are the job's own, the others' end in `#<index>`. */
  variation: (jobId: string, index: number) => {
    const suffix = index === 0 ? '' : `#${index}`;
    return { commit: `ledger#commit#${jobId}${suffix}`, refund: `ledger#refund#${jobId}${suffix}` };
  },
  /**
   * A checkout session: granted once; then each change that makes its credits follow its money
   * (refunds, disputes) is its next numbered take-back. The first has no number, so a payment
   * taken back whole by one entry of that key is never taken again; the n-th ends in `#<n>`.
   */
  purchase: (sessionId: string) => ({
    grant: `ledger#purchase#${sessionId}`,
    takeBack: (n: number) => `ledger#payment-refund#${sessionId}${n <= 1 ? '' : `#${n}`}`,
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
  /** A purchase's credits following its money: taken when refunded or disputed, given when reinstated. */
  paymentReturn: (cause: 'refunded' | 'disputed' | 'reinstated', pkg: CreditPackage | undefined) =>
    `Payment ${cause}: ${pkg ? `${pkg.name} package` : 'credit purchase'}`,
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

/** What a job of `variations` images reserves: each variation costs a generation. */
export const jobCost = (variations: number | undefined): number => GENERATION_COST * (variations ?? 1);

/** One variation's settlement: committed (its image was kept) or refunded with the text the creator read. */
export type VariationOutcome = { kept: true } | { kept: false; why: string };

/** A settlement's ledger entries, one per variation, and what they give back to the balance. */
export function settlementEntries(jobId: string, outcomes: readonly VariationOutcome[]) {
  const entries = outcomes.map((outcome, index) => {
    const keys = ledgerKeys.variation(jobId, index);
    return outcome.kept
      ? { name: `commit${index}`, sk: keys.commit, amount: 0, refundWhy: undefined }
      : { name: `refund${index}`, sk: keys.refund, amount: GENERATION_COST, refundWhy: outcome.why };
  });
  return { entries, refunded: sumLedger(entries) };
}
