/**
 * A ledger amount as the history shows it: '+25' for credits added, '−1' (a minus sign) for credits
 * taken, and 'Spent' for the 0 entry that closes a reserved credit once its job succeeded.
 */
export function formatLedgerAmount(amount: number): string {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `\u2212${-amount}`;
  return 'Spent';
}
