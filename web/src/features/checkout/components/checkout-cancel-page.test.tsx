// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { CheckoutCancelPage } from './checkout-cancel-page';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderPage = () =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: paths.checkoutCancel, element: <CheckoutCancelPage /> },
          { path: paths.home, element: <p>Home</p> },
        ],
        { initialEntries: [paths.checkoutCancel] },
      )}
    />,
  );

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
