import type { CreditHistoryEntry } from '@thumbnail-studio/contract';

/**
 * A ledger amount as the history shows it: '+25' for credits added, '−1' (a minus sign) for credits
 * taken, 'Spent' for the 0 entry that closes a generation's reserved credit once its job succeeded,
 * and '0' for any other change of nothing (a refunded payment when no credits were left to take).
 */
export function formatLedgerAmount(amount: number, kind: CreditHistoryEntry['kind'] = 'generation'): string {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `\u2212${-amount}`;
  return kind === 'generation' ? 'Spent' : '0';
}
