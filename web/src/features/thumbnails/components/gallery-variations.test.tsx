// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { message } from '../../../test/fixtures';
import { GalleryScreen } from './gallery-screen';

vi.mock('../../../utils/save-blob', () => ({ saveBlob: () => undefined }));

withFakeApi();
afterEach(cleanup);

const storage = 'https://storage.test/images';
const image = (id: string, index: number, share_token: string | null = null) => ({
  index,
  image_url: `${storage}/${id}/${index}/preview-960.jpg`,
  image_sources: null,
  full_image_url: null,
  downloads: ['jpeg' as const, 'png' as const],
  share_token,
  text_layers: [],
  base_url: null,
  logo: null,
});
const older = message('old', {
  prompt: 'Whale at sunset',
  is_image_message: true,
  image_url: image('old', 0).image_url,
});
const newer = message('new', {
  prompt: 'Fox "FAST"',
  is_image_message: true,
  image_url: image('new', 0).image_url,
  share_token: null,
  images: [image('new', 0), image('new', 1), image('new', 2, 'third-link')],
});

function renderGallery() {
  server.use(
    answer(endpoints.listGallery, () => ({ images: [newer, older] })),
    answer(endpoints.listCompareTests, () => ({ tests: [] })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GalleryScreen />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name: `Thumbnail: ${name}` });

describe('the gallery of an answer with variations', () => {
  it('shows every variation as a card of its own, newest answer first, in its order', async () => {
    renderGallery();
    const list = await screen.findByRole('list', { name: 'Your thumbnails' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual([
      'Thumbnail: Fox "FAST" (variation 1 of 3)',
      'Thumbnail: Fox "FAST" (variation 2 of 3)',
      'Thumbnail: Fox "FAST" (variation 3 of 3)',
      'Thumbnail: Whale at sunset',
    ]);
    const second = within(card('Fox "FAST" (variation 2 of 3)'));
    expect(second.getByRole('img').getAttribute('src')).toBe(image('new', 1).image_url);
    expect(second.getByRole('link', { name: 'Open in conversation' }).getAttribute('href')).toContain(
      'message=new',
    );
    // Each card's link is its own image's.
    expect(second.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(
      within(card('Fox "FAST" (variation 3 of 3)')).getByRole('button', { name: 'Shared' }),
    ).toBeTruthy();
  });

  it('downloads the variation of the card, and chooses it for Test & Compare', async () => {
    const asked: string[] = [];
    const zipped: unknown[] = [];
    server.use(
      answer(endpoints.getDownload, ({ request }) => {
        asked.push(new URL(request.url).search);
        return { url: `${storage}/download.jpg` };
      }),
      http.get(`${storage}/download.jpg`, () => new HttpResponse(new Uint8Array([255, 216, 255]))),
      answer(endpoints.exportTestAndCompare, async ({ request }) => {
        zipped.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 5, 6]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
      answer(endpoints.createCompareTest, () => ({
        test: { id: 't', created_at: '2026-11-29T00:00:00.000Z', images: [], titles: [], winner: null },
      })),
    );
    renderGallery();
    await screen.findByRole('list', { name: 'Your thumbnails' });
    await act(async () => {
      fireEvent.click(
        within(card('Fox "FAST" (variation 3 of 3)')).getByRole('button', { name: 'Download' }),
      );
    });
    await waitFor(() => expect(asked).toEqual(['?image=2']));

    fireEvent.click(screen.getByRole('button', { name: 'Test & Compare' }));
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Choose for Test & Compare: Fox "FAST" (variation 2 of 3)' }),
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Choose for Test & Compare: Fox "FAST" (variation 1 of 3)' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download zip' }));
    await waitFor(() =>
      expect(zipped).toEqual([
        {
          images: [
            { message_id: 'new', index: 1 },
            { message_id: 'new', index: 0 },
          ],
          titles: [],
        },
      ]),
    );
  });
});
