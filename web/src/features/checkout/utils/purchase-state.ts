/**
 * The history state the success page hands to the app when it returns: how many credits the verified
 * purchase added, so the app can say so in the purchase dialog.
 */
export interface PurchaseState {
  purchasedCredits: number;
}

export const purchaseState = (credits: number): PurchaseState => ({ purchasedCredits: credits });

/** The credits a verified purchase added, read from a history state of any shape; null without one. */
export function purchasedCreditsOf(state: unknown): number | null {
  if (!state || typeof state !== 'object') return null;
  const credits = (state as Partial<Record<keyof PurchaseState, unknown>>).purchasedCredits;
  return typeof credits === 'number' && Number.isInteger(credits) && credits > 0 ? credits : null;
}
