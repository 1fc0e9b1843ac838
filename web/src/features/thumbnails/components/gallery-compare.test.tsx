// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@thumbnail-studio/contract';
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

async function openCompareMode() {
  server.use(answer(endpoints.listGallery, () => ({ images })));
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
    fireEvent.click(checkbox('Whale at sunset'));
    fireEvent.click(checkbox('Fox "FAST"'));
    fireEvent.click(downloadButton());
    fireEvent.click(downloadButton());
    await waitFor(() => expect(downloadButton().getAttribute('aria-busy')).toBe('true'));
    expect(downloadButton().disabled).toBe(true);

    await act(async () => answered.open());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([
      {
        images: [
          { message_id: 'img-2', index: 0 },
          { message_id: 'img-1', index: 0 },
        ],
      },
    ]);
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
});
