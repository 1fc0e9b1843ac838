// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageImage } from '../../features/chat/components/message-image';
import { createQueryClient } from '../../lib/query-client';
import { toViewMessage } from '../../lib/to-view-message';
import { message } from '../../test/fixtures';
import { imageActions } from './image-actions';

const storage = 'https://storage.test/images/u1/m1/1';

function renderImage(overrides: Parameters<typeof message>[1]) {
  const view = toViewMessage(
    message('m1', {
      is_image_message: true,
      prompt: 'A red car',
      full_image_url: `${storage}/original.png`,
      ...overrides,
    }),
  );
  // The share action keeps the image's link in the query cache.
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageImage message={{ ...view, imageUrl: view.imageUrl ?? '' }} actions={imageActions} />
    </QueryClientProvider>,
  );
  return container;
}

afterEach(cleanup);

describe('MessageImage', () => {
  it('lets the browser pick a WebP preview width for the screen, the JPEG as fallback, keeping its space', () => {
    const container = renderImage({
      image_url: `${storage}/thumbnail-1280x720.jpg?sig=1`,
      image_sources: [480, 960, 1280].map((width) => ({
        url: `${storage}/preview-${width}.webp?sig=1`,
        width,
        type: 'image/webp',
      })),
      downloads: ['jpeg', 'png'],
    });
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    const candidates = (source?.getAttribute('srcset') ?? '').split(', ');
    expect(candidates).toEqual([
      `${storage}/preview-480.webp?sig=1 480w`,
      `${storage}/preview-960.webp?sig=1 960w`,
      `${storage}/preview-1280.webp?sig=1 1280w`,
    ]);
    expect(source?.getAttribute('sizes')).toMatch(/px/);

    const img = screen.getByRole('img', { name: 'Generated thumbnail: A red car' });
    expect(img.closest('picture')).toBe(source?.parentElement);
    expect(img.getAttribute('src')).toBe(`${storage}/thumbnail-1280x720.jpg?sig=1`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });

  it('offers the YouTube JPEG as the download and the PNG beside it', () => {
    renderImage({
      image_url: `${storage}/thumbnail-1280x720.jpg?sig=1`,
      downloads: ['jpeg', 'png'],
    });
    expect(screen.getByRole('button', { name: 'Download' }).getAttribute('title')).toMatch(
      /JPEG for YouTube/,
    );
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeTruthy();
  });

  it('shows an image stored before the previews from its JPEG, with the PNG as its one download', () => {
    const container = renderImage({
      image_url: `${storage}/preview.jpg?sig=1`,
      downloads: ['png'],
    });
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img').getAttribute('src')).toBe(`${storage}/preview.jpg?sig=1`);
    expect(screen.getByRole('button', { name: 'Download' }).getAttribute('title')).toMatch(/PNG/);
    expect(screen.queryByRole('button', { name: 'Download PNG' })).toBeNull();
  });

  it('offers to share an image, and says when it is shared', () => {
    renderImage({ image_url: `${storage}/preview.jpg?sig=1`, share_token: null });
    expect(screen.getByRole('button', { name: 'Share' }).getAttribute('aria-haspopup')).toBe('menu');
    cleanup();
    renderImage({ image_url: `${storage}/preview.jpg?sig=1`, share_token: 'tok' });
    expect(screen.getByRole('button', { name: 'Shared' })).toBeTruthy();
  });
});
