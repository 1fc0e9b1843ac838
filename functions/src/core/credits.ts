/** Credit rules (SPEC section 9). Every change is a ledger entry keyed so it applies once. */

export const GENERATION_COST = 1;

/** Ledger entry keys; the key is the idempotency guard, so one event can never apply twice. */
export const ledgerKeys = {
  initialGrant: 'ledger#initial',
} as const;

export interface LedgerEntry {
  sk: string;
  amount: number;
  reason: string;
  created_at: string;
}

/** The balance a ledger implies; the stored balance must always equal it. */
export const sumLedger = (entries: readonly Pick<LedgerEntry, 'amount'>[]): number =>
  entries.reduce((total, entry) => total + entry.amount, 0);
