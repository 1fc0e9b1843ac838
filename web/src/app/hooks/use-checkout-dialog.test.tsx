// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { purchaseState } from '../../features/checkout/utils/purchase-state';
import { useCheckoutDialog } from './use-checkout-dialog';

afterEach(cleanup);

/** The hook at '/' with `state` as the history state; `location` reads the state as it is now. */
function renderAt(state: unknown) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ dialog: useCheckoutDialog(), location: useLocation() }), { wrapper });
}

describe('useCheckoutDialog', () => {
  it('opens saying what a verified purchase added, once', () => {
    const { result } = renderAt(purchaseState(25));
    expect(result.current.dialog).toMatchObject({ open: true, reason: null, purchasedCredits: 25 });
    expect(result.current.location.state).toBeNull();

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
