import { CREDIT_PACKAGES } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { formatPerCreditPrice, formatPrice } from './price';

describe('formatPrice', () => {
  it('formats cents as dollars with two decimals', () => {
    expect(formatPrice(699)).toBe('$6.99');
    expect(formatPrice(2999)).toBe('$29.99');
    expect(formatPrice(500)).toBe('$5.00');
  });
});

describe('formatPerCreditPrice', () => {
  it('rounds the per-credit price of each package to 2 decimals', () => {
    const perCredit = CREDIT_PACKAGES.map((pkg) => formatPerCreditPrice(pkg.priceCents, pkg.credits));
    expect(perCredit).toEqual(['$0.70', '$0.60', '$0.50']);
  });

  it('rejects a package without credits', () => {
    expect(() => formatPerCreditPrice(699, 0)).toThrow(RangeError);
  });
});
