/** Credit packages of SPEC section 9. Prices in cents so that sums never drift. */
export interface CreditPackage {
  id: 'starter' | 'popular' | 'pro';
  name: string;
  credits: number;
  priceCents: number;
  badge?: string;
}

export const creditPackages: readonly CreditPackage[] = [
  { id: 'starter', name: 'Starter', credits: 10, priceCents: 699 },
  { id: 'popular', name: 'Popular', credits: 25, priceCents: 1499, badge: 'Most Popular' },
  { id: 'pro', name: 'Pro', credits: 60, priceCents: 2999, badge: 'Best Value' },
];

/** Cost of one generation or edit (SPEC section 9). */
export const CREDITS_PER_GENERATION = 1;
