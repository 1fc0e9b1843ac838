import { describe, expect, it } from 'vitest';
import { formatLedgerAmount } from './ledger-amount';

describe('formatLedgerAmount', () => {
  it('signs additions and deductions and names the spent entry', () => {
    expect([25, 1, -1, -60, 0].map(formatLedgerAmount)).toEqual(['+25', '+1', '−1', '−60', 'Spent']);
  });
});
