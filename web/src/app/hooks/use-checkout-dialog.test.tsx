// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHistoryState } from 'wouter/use-browser-location';
import { purchaseState } from '../../features/checkout/utils/purchase-state';
import { useCheckoutDialog } from './use-checkout-dialog';

afterEach(cleanup);

/** The hook at '/?tab=1' with `state` as the history state; `historyState` reads it as it is now. */
function renderAt(state: unknown) {
  window.history.replaceState(state, '', '/?tab=1');
  return renderHook(() => ({ dialog: useCheckoutDialog(), historyState: useHistoryState() }));
}

describe('useCheckoutDialog', () => {
  it('opens saying what a verified purchase added, once', () => {
    const { result } = renderAt(purchaseState(25));
    expect(result.current.dialog).toMatchObject({ open: true, reason: null, purchasedCredits: 25 });
    expect(result.current.historyState).toBeNull();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/?tab=1');

    act(() => result.current.dialog.onOpenChange(false));
    expect(result.current.dialog).toMatchObject({ open: false, purchasedCredits: null });
    act(() => result.current.dialog.openCheckout('Not enough credits'));
    expect(result.current.dialog).toMatchObject({
      open: true,
      reason: 'Not enough credits',
      purchasedCredits: null,
    });
  });

  it('stays closed without a purchase, whatever else the history state holds', () => {
    for (const state of [null, { purchasedCredits: 'many' }, { purchasedCredits: -3 }, 'text']) {
      const { result, unmount } = renderAt(state);
      expect(result.current.dialog).toMatchObject({ open: false, purchasedCredits: null });
      unmount();
    }
  });
});
