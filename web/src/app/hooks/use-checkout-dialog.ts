import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { purchasedCreditsOf } from '../../features/checkout/utils/purchase-state';

interface CheckoutDialogState {
  open: boolean;
  /** Why it opened by itself, e.g. the not-enough-credits message. */
  reason: string | null;
  /** The credits a verified purchase added, when it opened on the return from checkout. */
  purchasedCredits: number | null;
}

/**
 * The purchase dialog's state. It opens by itself, saying the credits were added, when the success
 * page returned here after a verified purchase; that note is then taken out of the history entry so a
 * reload or a step back does not show it again.
 */
export function useCheckoutDialog() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const historyState = useHistoryState();
  const [state, setState] = useState<CheckoutDialogState>(() => {
    const purchasedCredits = purchasedCreditsOf(historyState);
    return { open: purchasedCredits !== null, reason: null, purchasedCredits };
  });

  useEffect(() => {
    if (purchasedCreditsOf(historyState) === null) return;
    navigate(search ? `${pathname}?${search}` : pathname, { replace: true, state: null });
  }, [historyState, pathname, search, navigate]);

  const openCheckout = useCallback(
    (reason: string | null = null) => setState({ open: true, reason, purchasedCredits: null }),
    [],
  );
  const onOpenChange = useCallback(
    (next: boolean) =>
      setState((current) =>
        next ? { ...current, open: true } : { open: false, reason: null, purchasedCredits: null },
      ),
    [],
  );
  return { ...state, openCheckout, onOpenChange };
}
