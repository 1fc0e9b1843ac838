/** The credit packages on sale. Prices in cents so that sums never drift. */
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
