// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type CompareTest, endpoints } from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, server, withFakeApi } from '../../../test/fake-api';
import { message } from '../../../test/fixtures';
import { GalleryScreen } from './gallery-screen';

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../../utils/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

withFakeApi();

const PROMPTS = ['Fox "FAST"', 'Whale at sunset', 'Castle on a hill', 'Desert road'];
const images = PROMPTS.map((prompt, at) =>
  message(`img-${at + 1}`, {
    prompt,
    is_image_message: true,
    image_url: `https://storage.test/${at}.jpg`,
    downloads: ['jpeg', 'png'],
  }),
);

/** The tests the fake API lists, and what the gallery saved or recorded. */
let tests: CompareTest[] = [];
const savedTests: unknown[] = [];
const winners: unknown[] = [];

async function openCompareMode() {
  server.use(
    answer(endpoints.listGallery, () => ({ images })),
    answer(endpoints.listCompareTests, () => ({ tests })),
    answer(endpoints.createCompareTest, async ({ request }) => {
      savedTests.push(await request.json());
      return { test: testOf('saved') };
    }),
    answer(endpoints.recordCompareWinner, async ({ request, params }) => {
      const winner = (await request.json()) as { image: number; title: number | null };
      winners.push({ id: params.id, ...winner });
      const test = tests.find((each) => each.id === params.id) as CompareTest;
      return {
        test: {
          ...test,
          winner: { watch_time_share: null, ...winner, recorded_at: '2026-11-29T00:00:00.000Z' },
        },
      };
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GalleryScreen />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Test & Compare' }));
}

const checkbox = (prompt: string) =>
  screen.getByRole('checkbox', { name: `Choose for Test & Compare: ${prompt}` }) as HTMLInputElement;
const numberOf = (prompt: string) => {
  const id = checkbox(prompt).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const downloadButton = () => screen.getByRole('button', { name: 'Download zip' }) as HTMLButtonElement;
const status = () => screen.getByRole('status').textContent;

/** A saved test of the first two images, with two titles and no winner yet. */
const testOf = (id: string): CompareTest => ({
  id,
  created_at: '2026-11-28T12:00:00.000Z',
  images: [
    { message_id: 'img-1', index: 0, prompt: PROMPTS[0] ?? null, image_url: 'https://storage.test/0.jpg' },
    { message_id: 'img-2', index: 0, prompt: PROMPTS[1] ?? null, image_url: null },
  ],
  titles: ['Fast fox', 'Slow whale'],
  winner: null,
});

describe('the gallery’s Test & Compare mode', () => {
  it('numbers the chosen thumbnails in the order chosen, and explains 1 or 4', async () => {
    await openCompareMode();
    expect(screen.getByRole('button', { name: 'Test & Compare' }).getAttribute('aria-pressed')).toBe('true');
    expect(downloadButton().disabled).toBe(true);

    fireEvent.click(checkbox('Castle on a hill'));
    expect(numberOf('Castle on a hill')).toBe('Number 1');
    expect(status()).toBe('1 chosen. Choose at least one more: Test & Compare needs 2 or 3.');
    expect(downloadButton().disabled).toBe(true);

    fireEvent.click(checkbox('Fox "FAST"'));
    fireEvent.click(checkbox('Whale at sunset'));
    expect([numberOf('Castle on a hill'), numberOf('Fox "FAST"'), numberOf('Whale at sunset')]).toEqual([
      'Number 1',
      'Number 2',
      'Number 3',
    ]);
    expect(downloadButton().disabled).toBe(false);

    fireEvent.click(checkbox('Desert road'));
    expect(status()).toBe('4 chosen. Test & Compare takes at most 3: unselect one.');
    expect(downloadButton().disabled).toBe(true);

    // Unselecting the first renumbers the rest.
    fireEvent.click(checkbox('Castle on a hill'));
    expect(checkbox('Castle on a hill').checked).toBe(false);
    expect(numberOf('Castle on a hill')).toBeUndefined();
    expect(numberOf('Desert road')).toBe('Number 3');
    expect(status()).toBe('3 chosen, ready to download.');
  });

  it('downloads one zip of the chosen images in order, named after the first; busy, once', async () => {
    saved.length = 0;
    const bodies: unknown[] = [];
    const answered = gate();
    server.use(
      answer(endpoints.exportTestAndCompare, async ({ request }) => {
        bodies.push(await request.json());
        await answered.opened;
        return new HttpResponse(new Uint8Array([80, 75, 5, 6]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
    );
    await openCompareMode();
    savedTests.length = 0;
    fireEvent.click(checkbox('Whale at sunset'));
    fireEvent.click(checkbox('Fox "FAST"'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title 2' }), {
      target: { value: '  Whale vs fox ' },
    });
    fireEvent.click(downloadButton());
    fireEvent.click(downloadButton());
    await waitFor(() => expect(downloadButton().getAttribute('aria-busy')).toBe('true'));
    expect(downloadButton().disabled).toBe(true);

    await act(async () => answered.open());
    await waitFor(() => expect(saved).toHaveLength(1));
    const chosen = [
      { message_id: 'img-2', index: 0 },
      { message_id: 'img-1', index: 0 },
    ];
    // The blank title boxes are left out, the one typed in trimmed.
    expect(bodies).toEqual([{ images: chosen, titles: ['Whale vs fox'] }]);
    // The test is saved as exported, for its winner to be recorded.
    await waitFor(() => expect(savedTests).toEqual([{ images: chosen, titles: ['Whale vs fox'] }]));
    expect(saved[0]?.name).toBe('test-and-compare-whale_at_sunset.zip');
    expect(saved[0]?.blob.size).toBe(4);
    await waitFor(() => expect(downloadButton().disabled).toBe(false));
  });

  it('leaves the mode with the choice forgotten', async () => {
    await openCompareMode();
    fireEvent.click(checkbox('Desert road'));
    fireEvent.click(screen.getByRole('button', { name: 'Test & Compare' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download zip' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Test & Compare' }));
    expect(checkbox('Desert road').checked).toBe(false);
  });

  it('lists the saved tests, records a winner, and marks the winning thumbnail in the grid', async () => {
    tests = [testOf('t1')];
    winners.length = 0;
    await openCompareMode();
    const test = await screen.findByRole('article', { name: /^Test of / });
    expect(within(test).getByRole('img', { name: 'Thumbnail 1: Fox "FAST"' })).toBeTruthy();
    expect(within(test).getByText('Thumbnail 2 was deleted')).toBeTruthy();
    const form = within(test).getByRole('form', { name: 'Record the winner' });
    const record = within(form).getByRole('button', { name: 'Record the winner' }) as HTMLButtonElement;
    expect(record.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: 'Thumbnail 1' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Title 2' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: /Watch time share/ }), {
      target: { value: '61.5' },
    });
    expect(record.disabled).toBe(false);
    fireEvent.submit(form);
    await waitFor(() => expect(winners).toEqual([{ id: 't1', image: 0, title: 1, watch_time_share: 61.5 }]));
    await waitFor(() =>
      expect(within(test).getByText('Winner: thumbnail 1, title 2 (61.5% of watch time)')).toBeTruthy(),
    );
    // The winner starts the next thumbnail: a new conversation with it attached.
    expect(within(test).getByRole('link', { name: 'More like the winner' }).getAttribute('href')).toBe(
      '/?like=img-1&image=0',
    );
    const card = screen.getByRole('article', { name: 'Thumbnail: Fox "FAST"' });
    expect(within(card).getByText('Winner')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Thumbnail: Castle on a hill' })).queryByText('Winner'),
    ).toBeNull();
    tests = [];
  });
});
