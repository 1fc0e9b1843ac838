import { describe, expect, it } from 'vitest';
import { sumLedger } from './credits';

describe('sumLedger', () => {
  it('adds grants and debits', () => {
    expect(sumLedger([{ amount: 3 }, { amount: -1 }, { amount: 10 }])).toBe(12);
  });

  it('is zero for an empty ledger', () => {
    expect(sumLedger([])).toBe(0);
  });
});
