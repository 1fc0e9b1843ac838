/** Credit rules (SPEC section 9). Every change is a ledger entry keyed so it applies once. */

export const GENERATION_COST = 1;

/** Ledger entry keys; the key is the idempotency guard, so one event can never apply twice. */
export const ledgerKeys = {
  initialGrant: 'ledger#initial',
} as const;

export const INSUFFICIENT_CREDITS_MESSAGE =
  "You don't have enough credits to generate an image. Please purchase more credits to continue.";

export interface LedgerEntry {
  sk: string;
  amount: number;
  reason: string;
  created_at: string;
}

/** The balance a ledger implies; the stored balance must always equal it. */
export const sumLedger = (entries: readonly Pick<LedgerEntry, 'amount'>[]): number =>
  entries.reduce((total, entry) => total + entry.amount, 0);

/** Ledger keys of a generation job: reserve on send, then exactly one of commit or refund. */
export const jobLedgerKeys = (jobId: string) => ({
  reserve: `ledger#reserve#${jobId}`,
  commit: `ledger#commit#${jobId}`,
  refund: `ledger#refund#${jobId}`,
});
