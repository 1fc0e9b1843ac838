// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  CHECKOUT_FAILED_TEXT,
  endpoints,
  INSUFFICIENT_CREDITS_TEXT,
  rateLimitedText,
} from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { PurchaseCreditsDialog } from './purchase-credits-dialog';

withFakeApi();

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

afterEach(() => vi.restoreAllMocks());

/** The open dialog, with the create-checkout-session answer held back until `answered` opens. */
function renderDialog(reply: () => Response | { sessionId: string; url: string }, props = {}) {
  const answered = gate();
  const bodies: unknown[] = [];
  server.use(
    answer(endpoints.createCheckoutSession, async ({ request }) => {
      bodies.push(await request.json());
      await answered.opened;
      return reply();
    }),
  );
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PurchaseCreditsDialog open onOpenChange={vi.fn()} {...props} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Purchase Credits' });
  return { answered, bodies, assign, dialog };
}

const purchaseButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^(Purchase|Processing\.\.\.)$/ }) as HTMLButtonElement;

describe('PurchaseCreditsDialog', () => {
  it('lists every package with its credits, price, per-credit price and badge', () => {
    const { dialog } = renderDialog(() => ({ sessionId: 'cs_test_1', url: CHECKOUT_URL }));
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((option) => (option as HTMLInputElement).value)).toEqual([
      'starter',
      'popular',
      'pro',
    ]);
    const popular = within(dialog).getByRole('radio', { name: /Popular · 25 credits/ });
    const label = popular.closest('label')?.textContent ?? '';
    expect(label).toContain('Most Popular');
    expect(label).toContain('$0.60 per credit');
    expect(label).toContain('$14.99');
    expect(
      within(dialog)
        .getByRole('radio', { name: /Pro · 60 credits/ })
        .closest('label')?.textContent,
    ).toContain('Best Value');
  });

  it('keeps Purchase disabled until a package is chosen', () => {
    const { dialog } = renderDialog(() => ({ sessionId: 'cs_test_1', url: CHECKOUT_URL }));
    expect(purchaseButton(dialog).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Starter/ }));
    expect(purchaseButton(dialog).disabled).toBe(false);
  });

  it('sends only the package, stays busy and goes to the hosted checkout', async () => {
    const { dialog, answered, bodies, assign } = renderDialog(() => ({
      sessionId: 'cs_test_1',
      url: CHECKOUT_URL,
    }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Popular · 25 credits/ }));
    fireEvent.click(purchaseButton(dialog));

    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);

    await act(async () => answered.open());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodies).toEqual([{ packageId: 'popular' }]);
    expect(assign).toHaveBeenCalledOnce();
    // Still busy while the browser leaves for the checkout page.
    expect(purchaseButton(dialog).textContent).toBe('Processing...');
  });

  it("shows the server's error inline and lets the buyer try again", async () => {
    const { dialog, answered, bodies, assign } = renderDialog(() =>
      refusal('bad_request', 'Unknown credit package'),
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Starter/ }));
    fireEvent.click(purchaseButton(dialog));
    await act(async () => answered.open());
    expect((await within(dialog).findByText('Unknown credit package')).getAttribute('role')).toBe('alert');
    expect(assign).not.toHaveBeenCalled();

    const button = purchaseButton(dialog);
    expect(button.textContent).toBe('Purchase');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(bodies).toHaveLength(2));
  });

  it('says how long to wait when the buyer opened too many checkouts', async () => {
    const { dialog, answered } = renderDialog(() => refusal('rate_limited', rateLimitedText(42)));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Starter/ }));
    fireEvent.click(purchaseButton(dialog));
    await act(async () => answered.open());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "You're doing that too often. Please wait 42 seconds and try again.",
    );
  });

  it('shows the default text when the failure carries no message of the server', async () => {
    const { dialog, answered } = renderDialog(() => new HttpResponse('Bad gateway', { status: 502 }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Pro/ }));
    fireEvent.click(purchaseButton(dialog));
    await act(async () => answered.open());
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(CHECKOUT_FAILED_TEXT);
  });

  it('shows the default text for a server error without an error text', async () => {
    const { dialog, answered } = renderDialog(() => HttpResponse.json({ code: 'internal' }, { status: 500 }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Pro/ }));
    fireEvent.click(purchaseButton(dialog));
    await act(async () => answered.open());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CHECKOUT_FAILED_TEXT);
  });

  it('says why it opened, and that a verified purchase added credits', () => {
    const { dialog } = renderDialog(() => ({ sessionId: 'cs_test_1', url: CHECKOUT_URL }), {
      reason: INSUFFICIENT_CREDITS_TEXT,
      purchasedCredits: 25,
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(INSUFFICIENT_CREDITS_TEXT);
    expect(within(dialog).getByRole('status').textContent).toContain(
      '25 credits have been added to your account',
    );
  });
});
