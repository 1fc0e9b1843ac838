import { CREDIT_PACKAGES } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { creditsToTakeBack, ledgerKeys, ledgerKind, ledgerReasons, sumLedger } from './credits';

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
    expect(ledgerKind(ledgerKeys.purchase('cs').paymentRefund)).toBe('payment_refund');
  });
});

describe('creditsToTakeBack', () => {
  it('takes back what was bought, but never more than is left', () => {
    expect(creditsToTakeBack(25, 30)).toBe(25);
    expect(creditsToTakeBack(25, 10)).toBe(10);
    expect(creditsToTakeBack(25, 0)).toBe(0);
  });
});
