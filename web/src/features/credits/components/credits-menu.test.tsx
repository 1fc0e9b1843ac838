// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CreditHistory, type CreditHistoryEntry, endpoints } from '@thumbnail-studio/contract';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, server, withFakeApi } from '../../../test/fake-api';
import { renderWithQueries } from '../../../test/render';
import { creditHistoryQueryKey } from '../api/get-credit-history';
import { creditsQueryKey, useRefreshCredits } from '../api/get-credits';
import { CreditsMenu } from './credits-menu';

withFakeApi();

const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

const entry = (id: string, amount: number, reason: string, hours: number): CreditHistoryEntry => ({
  id,
  kind: amount > 0 ? 'purchase' : 'generation',
  amount,
  reason,
  created_at: hoursAgo(hours),
});

const firstPage: CreditHistory = {
  balance: 27,
  entries: [
    entry('e4', 25, 'Purchased 25 credits', 1),
    entry('e3', 0, 'Image generation or edit: A cat astronaut', 2),
    entry('e2', -1, 'Image generation or edit: A cat astronaut', 3),
  ],
  next_cursor: 'page-2',
};
const lastPage: CreditHistory = {
  balance: 27,
  entries: [entry('e1', 3, 'Initial credits', 30)],
};

/** The credits menu with a balance (27 unless told) and a history of two pages; the second waits for `older`. */
function renderMenu(balance = 27) {
  const older = gate();
  const cursors: (string | null)[] = [];
  server.use(
    answer(endpoints.getCredits, () => ({ credits: balance })),
    answer(endpoints.getCreditHistory, async ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      if (cursor === null) return firstPage;
      await older.opened;
      return lastPage;
    }),
  );
  const onBuy = vi.fn();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <CreditsMenu onBuy={onBuy} />
    </QueryClientProvider>,
  );
  return { onBuy, older, cursors, queryClient };
}

/** The rows of the history list: reason, date and amount of each. */
const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Credit changes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** What a screen reader announces after an element's name: the text of its aria-describedby. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? document.getElementById(id)?.textContent : ''))
    .join(' ')
    .trim();

describe('CreditsMenu', () => {
  it('opens the purchase dialog from Buy credits', async () => {
    const user = userEvent.setup();
    const { onBuy } = renderMenu();
    await user.click(await screen.findByRole('button', { name: '27 credits' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Buy credits' }));
    await waitFor(() => expect(onBuy).toHaveBeenCalledOnce());
  });

  it('warns at the last credit, and not while there is room', async () => {
    renderMenu(1);
    const balance = await screen.findByRole('button', { name: '1 credit' });
    expect(descriptionOf(balance)).toBe('Only 1 credit left. Buy credits to keep generating.');
    expect(balance.getAttribute('title')).toBe('Only 1 credit left. Buy credits to keep generating.');
  });

  it('says nothing more with credits to spare', async () => {
    renderMenu(2);
    const balance = await screen.findByRole('button', { name: '2 credits' });
    expect(descriptionOf(balance)).toBe('');
  });

  it('shows the credit history newest first, loads older pages, and returns focus', async () => {
    const user = userEvent.setup();
    const { older, cursors } = renderMenu();
    const trigger = await screen.findByRole('button', { name: '27 credits' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Credit history' }));

    const dialog = await screen.findByRole('dialog', { name: 'Credit history' });
    expect(await within(dialog).findByText('27 credits')).toBeTruthy();
    expect(rows(dialog)).toEqual([
      'Purchased 25 credits1 hour ago+25',
      'Image generation or edit: A cat astronaut2 hours agoSpent',
      'Image generation or edit: A cat astronaut3 hours ago−1',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(within(dialog).getByRole('button', { name: 'Load more' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => older.open());
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(rows(dialog)[3]).toMatch(/^Initial credits.*\+3$/);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('useRefreshCredits', () => {
  it('marks the balance and the history to be read again', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(creditsQueryKey, 27);
    queryClient.setQueryData(creditHistoryQueryKey, { pages: [firstPage], pageParams: [undefined] });
    const { result } = renderWithQueries(useRefreshCredits, { queryClient });
    await act(() => result.current());
    expect(queryClient.getQueryState(creditsQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(creditHistoryQueryKey)?.isInvalidated).toBe(true);
  });
});
