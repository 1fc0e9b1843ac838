// No zod here: the landing page shows the price list and must not load the schemas with it.

/**
 * The credit packages on sale: the one price list. The server charges and
 * grants from it; the web app shows it. Prices are in cents so sums never drift.
 */
export const CREDIT_PACKAGES = [
  { id: 'starter', name: 'Starter', credits: 10, priceCents: 699, currency: 'usd' },
  { id: 'popular', name: 'Popular', credits: 25, priceCents: 1499, currency: 'usd', badge: 'Most Popular' },
  { id: 'pro', name: 'Pro', credits: 60, priceCents: 2999, currency: 'usd', badge: 'Best Value' },
] as const satisfies readonly {
  id: string;
  name: string;
  credits: number;
  priceCents: number;
  currency: string;
  badge?: string;
}[];

export type CreditPackage = (typeof CREDIT_PACKAGES)[number];
export type CreditPackageId = CreditPackage['id'];

export const creditPackageById = (id: string): CreditPackage | undefined =>
  CREDIT_PACKAGES.find((pkg) => pkg.id === id);
