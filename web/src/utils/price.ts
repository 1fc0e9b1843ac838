import type { CreditPackage } from '@thumbnail-studio/contract';

/**
 * A package of the contract's `CREDIT_PACKAGES` as a price list shows it: the entries without a badge
 * simply have none.
 */
export type ListedPackage = Omit<CreditPackage, 'badge'> & { readonly badge?: string };

/** '$6.99' from 699 cents. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The per-credit price to 2 decimals, e.g. '$0.70' for 10 credits at $6.99. */
export function formatPerCreditPrice(cents: number, credits: number): string {
  if (credits <= 0) throw new RangeError('credits must be positive');
  return formatPrice(cents / credits);
}
