// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup as cleanupPreview, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, type TextBox } from '@thumbnail-studio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { toViewMessage } from '../../../../lib/to-view-message';
import { answer, server, withFakeApi } from '../../../../test/fake-api';
import { message } from '../../../../test/fixtures';
import { legibilityQueryKey } from '../../api/get-legibility';
import { AccountNameContext } from '../../hooks/account-name';
import { PREVIEW_STORAGE_KEY } from '../../hooks/use-preview-profile';
import YouTubePreviewDialog from './youtube-preview-dialog';

withFakeApi();

const storage = 'https://storage.test/images/u1';

function renderPreview(boxes: TextBox[] = [], faces: TextBox[] = []) {
  server.use(
    answer(endpoints.listMessages, () => ({
      messages: [
        message('m1', {
          role: 'user',
          content: 'Like this one https://youtu.be/dQw4w9WgXcQ',
          uploaded_images: [`${storage}/refs/video.jpg`, `${storage}/refs/upload.png`],
        }),
      ],
    })),
  );
  const stored = message('m2', {
    is_image_message: true,
    prompt: 'A cat that wins at chess',
    image_url: `${storage}/m2/thumbnail.jpg`,
    likeness: { faces, people: [] },
  });
  // The chat's copy has no verdict yet; the server has one by the time the preview asks.
  const legibility = { text: 'WIN', sizes: [], reads_at_feed_size: true, hard_to_read: [], boxes };
  server.use(answer(endpoints.getMessage, () => ({ message: { ...stored, legibility } })));
  const queryClient = createQueryClient();
  const image = toViewMessage(stored);
  render(
    <QueryClientProvider client={queryClient}>
      <AccountNameContext.Provider value="ada">
        <YouTubePreviewDialog
          open
          onOpenChange={() => {}}
          image={{ ...image, imageUrl: image.imageUrl ?? '' }}
        />
      </AccountNameContext.Provider>
    </QueryClientProvider>,
  );
  return {
    dialog: screen.getByRole('dialog', { name: 'Preview on YouTube' }),
    verdictLoaded: () => Boolean(queryClient.getQueryData(legibilityQueryKey('m2'))),
  };
}

beforeEach(() => localStorage.clear());

describe('the YouTube preview', () => {
  it('shows the thumbnail in each layout at its size, titled by the prompt, on the account name', async () => {
    const { dialog } = renderPreview();
    for (const [name, width, height] of [
      ['Home, 360x202', 360, 202],
      ['Search, 360x202', 360, 202],
      ['Up next, 168x94', 168, 94],
      ['Phone, 390x219', 390, 219],
    ] as const) {
      const section = within(dialog).getByRole('region', { name });
      const thumbnail = within(section).getByRole('img', { name: 'Your thumbnail' });
      expect([thumbnail.getAttribute('width'), thumbnail.getAttribute('height')]).toEqual([
        `${width}`,
        `${height}`,
      ]);
      expect(within(section).getAllByText('A cat that wins at chess').length).toBeGreaterThan(0);
      expect(within(section).getAllByText('12:34').length).toBeGreaterThan(0);
    }
    const channel = within(dialog).getByRole('textbox', { name: 'Channel name' });
    expect([channel.getAttribute('value') ?? '', channel.getAttribute('placeholder')]).toEqual(['', 'ada']);
    expect(within(dialog).getAllByText('ada').length).toBeGreaterThan(0);
  });

  it('puts the thumbnail of a linked video beside it, not the uploaded image', async () => {
    const { dialog } = renderPreview();
    const home = within(dialog).getByRole('region', { name: 'Home, 360x202' });
    const linked = await within(home).findByRole('img', { name: 'Linked video dQw4w9WgXcQ' });
    expect(linked.getAttribute('src')).toBe(`${storage}/refs/video.jpg`);
    expect(within(home).getAllByRole('listitem')).toHaveLength(2);
  });

  it('remembers the title per image, the channel and the duration', async () => {
    const user = userEvent.setup();
    const { dialog } = renderPreview();
    // Pasted rather than typed key by key: the test stays quick on a busy machine.
    const fill = async (name: string, text: string) => {
      await user.clear(within(dialog).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Video title', 'I lost to a cat');
    await fill('Channel name', 'Ada Plays');
    await fill('Duration', '1:02:03');
    expect(JSON.parse(localStorage.getItem(PREVIEW_STORAGE_KEY) ?? '{}')).toMatchObject({
      channel: 'Ada Plays',
      duration: '1:02:03',
      titles: { m2: 'I lost to a cat' },
    });
    // Every video of the four layouts carries the badge: the creator's and the linked one.
    await within(dialog).findAllByRole('img', { name: 'Linked video dQw4w9WgXcQ' });
    expect(within(dialog).getAllByText('1:02:03')).toHaveLength(8);
  });

  it('warns, naming the layouts, when text sits under the duration badge', async () => {
    const { dialog } = renderPreview([{ x0: 900, y0: 560, x1: 1000, y1: 640 }]);
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Text sits under the duration badge in Up next (168x94). Move it away from the bottom-right corner.',
    );
  });

  it('warns when a face sits under the badge, and when text and a face both do', async () => {
    const face = { x0: 1000, y0: 520, x1: 1200, y1: 700 };
    const { dialog, verdictLoaded } = renderPreview([], [face]);
    await waitFor(() => expect(verdictLoaded()).toBe(true));
    expect(within(dialog).getByRole('status').textContent).toMatch(
      /^A face sits under the duration badge in Home \(360x202\), .*Up next \(168x94\).*\. Move it away/,
    );
    cleanupPreview();
    const both = renderPreview([{ x0: 900, y0: 560, x1: 1000, y1: 640 }], [face]);
    await waitFor(() => expect(both.verdictLoaded()).toBe(true));
    expect(within(both.dialog).getByRole('status').textContent).toMatch(/^Text and a face sit under/);
  });

  it('says nothing when the text is clear of the badge', async () => {
    const { dialog, verdictLoaded } = renderPreview([{ x0: 128, y0: 72, x1: 600, y1: 300 }]);
    await waitFor(() => expect(verdictLoaded()).toBe(true));
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it("switches between YouTube's light and dark pages", async () => {
    const user = userEvent.setup();
    const { dialog } = renderPreview();
    const page = within(dialog).getByTestId('youtube-page');
    await user.click(within(dialog).getByRole('button', { name: 'Light' }));
    expect(page.style.background).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Dark' }));
    expect(page.style.background).toMatch(/#0f0f0f|rgb\(15, 15, 15\)/);
    expect(within(dialog).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
  });
});
