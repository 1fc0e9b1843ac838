// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { CheckoutCancelPage } from './checkout-cancel-page';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderPage = () => {
  window.history.replaceState(null, '', paths.checkoutCancel);
  return render(
    <Switch>
      <Route path={paths.checkoutCancel} component={CheckoutCancelPage} />
      <Route path={paths.home}>
        <p>Home</p>
      </Route>
    </Switch>,
  );
};

describe('CheckoutCancelPage', () => {
  it('says nothing was charged and returns home after 3 seconds', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Payment Cancelled' })).toBeTruthy();
    expect(screen.getByText('Your payment was cancelled and no charges were made.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(screen.queryByText('Home')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByText('Home')).toBeTruthy();
  });

  it('returns at once with Return to App', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Return to App' }));
    expect(screen.getByText('Home')).toBeTruthy();
  });
});
