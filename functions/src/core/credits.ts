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
} as const;

/** What each kind of entry says in the credit history. */
export const ledgerReasons = {
  initialGrant: 'Initial credits',
  generation: 'Image generation or edit',
  refund: 'Refund: generation failed',
} as const;

/** The balance a ledger implies; the stored balance must always equal it. */
export const sumLedger = (entries: readonly Pick<LedgerEntry, 'amount'>[]): number =>
  entries.reduce((total, entry) => total + entry.amount, 0);
