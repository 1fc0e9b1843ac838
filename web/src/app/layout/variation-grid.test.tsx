// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ImageChoice, VariationGrid } from '../../features/chat/components/variation-grid';
import { createQueryClient } from '../../lib/query-client';
import { toViewMessage } from '../../lib/to-view-message';
import { message } from '../../test/fixtures';
import { imageActions } from './image-actions';

const storage = 'https://storage.test/images/u1/m1/1';
const image = (index: number) => ({
  index,
  image_url: `${storage}/v${index}/preview-960.jpg?sig=1`,
  image_sources: null,
  full_image_url: null,
  downloads: ['jpeg' as const, 'png' as const],
  share_token: null,
  text_layers: [],
  base_url: null,
  logo: null,
});

function Grid() {
  const [chosen, setChosen] = useState<ImageChoice | null>(null);
  const view = toViewMessage(
    message('m1', {
      is_image_message: true,
      prompt: 'A red car',
      image_url: image(0).image_url,
      images: [image(0), image(1), image(2)],
    }),
  );
  return <VariationGrid message={view} chosen={chosen} onChoose={setChosen} actions={imageActions} />;
}

afterEach(cleanup);

describe('VariationGrid', () => {
  it('shows every variation with open, download and Edit this one, and marks the chosen one', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Grid />
      </QueryClientProvider>,
    );
    const cells = screen.getAllByRole('figure');
    expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual([
      'Variation 1 of 3',
      'Variation 2 of 3',
      'Variation 3 of 3',
    ]);
    const second = within(screen.getByRole('figure', { name: 'Variation 2 of 3' }));
    expect(second.getByRole('img', { name: 'Variation 2 of 3: A red car' })).toBeTruthy();
    expect(second.getByRole('button', { name: 'Download variation 2 of 3' })).toBeTruthy();
    expect(second.getByRole('link', { name: 'Full size variation 2 of 3' })).toBeTruthy();
    // Each variation is shared on a link of its own.
    expect(screen.getAllByRole('button', { name: 'Share' })).toHaveLength(3);

    const choose = second.getByRole('button', { name: 'Edit this one: variation 2 of 3' });
    expect(choose.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(choose);
    expect(choose.getAttribute('aria-pressed')).toBe('true');
    const others = screen.getAllByRole('button', { pressed: true });
    expect(others).toEqual([choose]);
    // A second press takes the choice back.
    fireEvent.click(choose);
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
  });
});

describe('toViewMessage', () => {
  it('lists the one image of a message from before variations', () => {
    const view = toViewMessage(
      message('m1', { is_image_message: true, image_url: image(0).image_url, downloads: ['png'] }),
    );
    expect(view.images).toEqual([
      {
        index: 0,
        imageUrl: image(0).image_url,
        imageSources: [],
        fullImageUrl: null,
        downloads: ['png'],
        shareToken: null,
      },
    ]);
  });
});
