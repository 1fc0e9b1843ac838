import { CREDIT_PACKAGES } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { jobCost, ledgerKeys, ledgerKind, ledgerReasons, settlementEntries, sumLedger } from './credits';

describe('sumLedger', () => {
  it('adds grants and debits', () => {
    expect(sumLedger([{ amount: 3 }, { amount: -1 }, { amount: 10 }])).toBe(12);
  });

  it('is zero for an empty ledger', () => {
    expect(sumLedger([])).toBe(0);
  });
});

describe('ledger reasons and kinds', () => {
  it("quotes the prompt's first 50 characters for a generation", () => {
    expect(ledgerReasons.generation(`  ${'a'.repeat(60)}  `)).toBe(
      `Image generation or edit: ${'a'.repeat(50)}`,
    );
    expect(ledgerReasons.generation(null)).toBe('Image generation or edit');
  });

  it('names a purchase by package, credits and price', () => {
    expect(ledgerReasons.purchase(CREDIT_PACKAGES[1])).toBe(
      'Purchase: Popular package, 25 credits for $14.99',
    );
  });

  it('reads the kind of change from the key', () => {
    expect(ledgerKind(ledgerKeys.initialGrant)).toBe('initial');
    expect(ledgerKind(ledgerKeys.job('j').reserve)).toBe('generation');
    expect(ledgerKind(ledgerKeys.job('j').commit)).toBe('generation');
    expect(ledgerKind(ledgerKeys.job('j').refund)).toBe('refund');
    expect(ledgerKind(ledgerKeys.purchase('cs').grant)).toBe('purchase');
    expect(ledgerKind(ledgerKeys.purchase('cs').takeBack(1))).toBe('payment_refund');
    expect(ledgerKind(ledgerKeys.purchase('cs').takeBack(2))).toBe('payment_refund');
  });
});

describe('take-back keys', () => {
  it("numbers a purchase's take-backs after the first, which keeps the whole-package key", () => {
    expect(ledgerKeys.purchase('cs').takeBack(1)).toBe('ledger#payment-refund#cs');
    expect(ledgerKeys.purchase('cs').takeBack(3)).toBe('ledger#payment-refund#cs#3');
    expect(ledgerReasons.paymentReturn('disputed', CREDIT_PACKAGES[2])).toBe('Payment disputed: Pro package');
  });
});

describe('settlementEntries', () => {
  it('commits kept variations and refunds failed ones, one entry each under its own key', () => {
    const { entries, refunded } = settlementEntries('job1', [
      { kept: true },
      { kept: false, why: 'Refused' },
      { kept: true },
    ]);
    expect(entries.map(({ sk, amount }) => [sk, amount])).toEqual([
      ['ledger#commit#job1', 0],
      ['ledger#refund#job1#1', 1],
      ['ledger#commit#job1#2', 0],
    ]);
    expect(refunded).toBe(1);
    expect(jobCost(3)).toBe(3);
    expect(jobCost(undefined)).toBe(1);
  });

  it("keeps a single image's keys what they were before variations", () => {
    expect(settlementEntries('j', [{ kept: false, why: 'x' }]).entries[0]?.sk).toBe(
      ledgerKeys.job('j').refund,
    );
    expect(ledgerKeys.variation('j', 0)).toEqual({
      commit: ledgerKeys.job('j').commit,
      refund: ledgerKeys.job('j').refund,
    });
  });
});
