// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  CHECKOUT_SESSION_PARAM,
  endpoints,
  VERIFY_SESSION_FAILED_TEXT,
  type VerifySessionResult,
} from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { createContext, StrictMode, useContext } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { purchasedCreditsOf } from '../utils/purchase-state';
import { CheckoutSuccessPage } from './checkout-success-page';

withFakeApi();

// Real time keeps flowing (for the network and the query cache); the redirect's 3 s are skipped on demand.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

/** Where the page sends the user back to, with the history state it handed over. */
function Home() {
  const state = useHistoryState();
  return <p>Home, purchased: {String(purchasedCreditsOf(state))}</p>;
}

/** Whether the sign-in session is restored, as the route tells the page. */
const Ready = createContext(true);

/**
 * The success page at `url` in StrictMode (effects run twice), verifying through the fake API whose
 * answer waits for `answered`; `calls` lists the session ids it was asked about.
 */
function renderPage(url: string, reply: () => Response | VerifySessionResult, ready = true) {
  const answered = gate();
  const calls: string[] = [];
  server.use(
    answer(endpoints.verifySession, async ({ params }) => {
      calls.push(params.sessionId ?? '');
      await answered.opened;
      return reply();
    }),
  );
  const onVerified = vi.fn();
  const onSignInNeeded = vi.fn();
  const Page = () => (
    <CheckoutSuccessPage ready={useContext(Ready)} onVerified={onVerified} onSignInNeeded={onSignInNeeded} />
  );
  window.history.replaceState(null, '', url);
  const queryClient = createQueryClient();
  const view = (isReady: boolean) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Ready.Provider value={isReady}>
          <Switch>
            <Route path={paths.checkoutSuccess} component={Page} />
            <Route path={paths.home} component={Home} />
          </Switch>
        </Ready.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
  const rendered = render(view(ready));
  return { answered, calls, onVerified, onSignInNeeded, setReady: () => rendered.rerender(view(true)) };
}

/** The success page's address for a checkout session, as Stripe sends the buyer back to it. */
const successUrl = (sessionId: string) => `${paths.checkoutSuccess}?${CHECKOUT_SESSION_PARAM}=${sessionId}`;

const skipRedirectDelay = () => act(async () => vi.advanceTimersByTime(REDIRECT_DELAY_MS));

describe('CheckoutSuccessPage', () => {
  it('verifies once, reports the credits added, then returns home with them', async () => {
    const { answered, calls, onVerified } = renderPage(successUrl('cs_test_1'), () => ({
      credits: 25,
    }));
    expect(screen.getByRole('heading', { name: 'Verifying your payment...' })).toBeTruthy();
    expect(screen.getByText('Please wait while we confirm your purchase')).toBeTruthy();

    await act(async () => answered.open());
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('25 credits have been added to your account')).toBeTruthy();
    expect(calls).toEqual(['cs_test_1']);
    expect(onVerified).toHaveBeenCalled();
    expect(screen.queryByText(/^Home/)).toBeNull();

    await skipRedirectDelay();
    expect(await screen.findByText('Home, purchased: 25')).toBeTruthy();
    expect(calls).toEqual(['cs_test_1']);
  });

  it("reports a session the server did not confirm with the server's reason, then returns home", async () => {
    const { answered, onVerified } = renderPage(successUrl('cs_test_2'), () =>
      refusal('conflict', 'Payment not completed'),
    );
    await act(async () => answered.open());
    expect(await screen.findByRole('heading', { name: 'Payment verification failed' })).toBeTruthy();
    expect(screen.getByText('Payment not completed')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();

    await skipRedirectDelay();
    expect(await screen.findByText('Home, purchased: null')).toBeTruthy();
  });

  it('says the session could not be verified when the server gave no reason', async () => {
    // The gateway's own failures carry no `error` text.
    const { answered } = renderPage(successUrl('cs_test_3'), () =>
      HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }),
    );
    await act(async () => answered.open());
    expect(await screen.findByText(VERIFY_SESSION_FAILED_TEXT)).toBeTruthy();
  });

  it("shows a refusal's error text, and the default text for an answer without one", async () => {
    const refused = renderPage(successUrl('cs_other'), () => refusal('not_found', 'Session not found'));
    await act(async () => refused.answered.open());
    expect(await screen.findByRole('heading', { name: 'Payment verification failed' })).toBeTruthy();
    expect(screen.getByText('Session not found')).toBeTruthy();
    expect(refused.calls).toEqual(['cs_other']);
    cleanup();

    const failed = renderPage(successUrl('cs_test_4'), () => HttpResponse.error());
    await act(async () => failed.answered.open());
    expect(await screen.findByText(VERIFY_SESSION_FAILED_TEXT)).toBeTruthy();
    expect(failed.calls).toEqual(['cs_test_4']);
  });

  it('never calls a payment failed when the server no longer takes the session: it asks for a sign-in, and stays', async () => {
    const { answered, calls, onSignInNeeded } = renderPage(successUrl('cs_test_6'), () =>
      refusal('unauthorized', 'Unauthorized'),
    );
    await act(async () => answered.open());
    await vi.waitFor(() => expect(onSignInNeeded).toHaveBeenCalled());
    expect(calls.every((id) => id === 'cs_test_6')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Payment verification failed' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Verifying your payment...' })).toBeTruthy();
    // It stays at its address (with the session id) for the sign-in, not sent home.
    await skipRedirectDelay();
    expect(screen.queryByText(/^Home/)).toBeNull();
    expect(window.location.search).toBe(`?${CHECKOUT_SESSION_PARAM}=cs_test_6`);
  });

  it('waits for the sign-in session before verifying', async () => {
    const { answered, calls, setReady } = renderPage(successUrl('cs_test_5'), () => ({ credits: 10 }), false);
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY_MS * 2));
    expect(screen.getByRole('heading', { name: 'Verifying your payment...' })).toBeTruthy();
    expect(calls).toEqual([]);

    setReady();
    answered.open();
    expect(await screen.findByText('10 credits have been added to your account')).toBeTruthy();
    expect(calls).toEqual(['cs_test_5']);
  });

  it('returns home at once without a session id', async () => {
    const { calls } = renderPage(paths.checkoutSuccess, () => ({ credits: 10 }));
    expect(await screen.findByText('Home, purchased: null')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
