import { describe, expect, it } from 'vitest';
import { formatLedgerAmount } from './ledger-amount';

describe('formatLedgerAmount', () => {
  it('signs additions and deductions and names the spent entry', () => {
    expect([25, 1, -1, -60, 0].map((amount) => formatLedgerAmount(amount))).toEqual([
      '+25',
      '+1',
      '−1',
      '−60',
      'Spent',
    ]);
  });

  it('calls only a generation that cost nothing more "Spent"', () => {
    expect(formatLedgerAmount(0, 'payment_refund')).toBe('0');
  });
});
