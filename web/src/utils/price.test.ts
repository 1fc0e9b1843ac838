import { describe, expect, it } from 'vitest';
import { creditPackages } from '../config/credit-packages';
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
    const perCredit = creditPackages.map((pkg) => formatPerCreditPrice(pkg.priceCents, pkg.credits));
    expect(perCredit).toEqual(['$0.70', '$0.60', '$0.50']);
  });

  it('rejects a package without credits', () => {
    expect(() => formatPerCreditPrice(699, 0)).toThrow(RangeError);
  });
});

describe('creditPackages', () => {
  it('offers 10, 25 and 60 credits for $6.99, $14.99 and $29.99', () => {
    expect(
      creditPackages.map(({ id, credits, priceCents, badge }) => [id, credits, priceCents, badge]),
    ).toEqual([
      ['starter', 10, 699, undefined],
      ['popular', 25, 1499, 'Most Popular'],
      ['pro', 60, 2999, 'Best Value'],
    ]);
  });
});
