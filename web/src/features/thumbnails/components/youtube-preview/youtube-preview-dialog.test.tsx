// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import {
  cleanup as cleanupPreview,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  endpoints,
  type Legibility,
  messageImageSchema,
  type TextBox,
  type TextLayer,
} from '@thumbnail-studio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { textLayer } from '../../../../../../tests/support/text-layer';
import { createQueryClient } from '../../../../lib/query-client';
import type { RegionEditRequest, RegionSendProps } from '../../../../lib/region-send';
import { toViewMessage } from '../../../../lib/to-view-message';
import { answer, server, withFakeApi } from '../../../../test/fake-api';
import { message } from '../../../../test/fixtures';
import { imageChecksQueryKey } from '../../api/get-image-checks';
import { AccountNameContext } from '../../hooks/account-name';
import { PREVIEW_STORAGE_KEY } from '../../hooks/use-preview-profile';
import { READINESS_EDITS } from '../../utils/readiness';
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
    verdictLoaded: () => Boolean(queryClient.getQueryData(imageChecksQueryKey('m2', 0))),
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

  const badgeItem = async (dialog: HTMLElement) =>
    (await within(dialog).findByRole('listitem', { name: 'Duration badge' })).textContent;

  it('warns, naming the layouts, when text sits under the duration badge, and outlines it', async () => {
    const { dialog, verdictLoaded } = renderPreview([{ x0: 900, y0: 560, x1: 1000, y1: 640 }]);
    await waitFor(() => expect(verdictLoaded()).toBe(true));
    expect(await badgeItem(dialog)).toMatch(/Text sits under the duration badge in Up next \(168x94\)\./);
    // Outlined on the creator's thumbnail in each of the four layouts.
    expect(within(dialog).getAllByTestId('readiness-outline')).toHaveLength(4);
  });

  it('warns when a face sits under the badge, and when text and a face both do', async () => {
    const face = { x0: 1000, y0: 520, x1: 1200, y1: 700 };
    const { dialog, verdictLoaded } = renderPreview([], [face]);
    await waitFor(() => expect(verdictLoaded()).toBe(true));
    expect(await badgeItem(dialog)).toMatch(
      /A face sits under the duration badge in Home \(360x202\), .*Up next \(168x94\)/,
    );
    cleanupPreview();
    const both = renderPreview([{ x0: 900, y0: 560, x1: 1000, y1: 640 }], [face]);
    await waitFor(() => expect(both.verdictLoaded()).toBe(true));
    expect(await badgeItem(both.dialog)).toMatch(/Text and a face sit under/);
  });

  it('passes the badge when the text is clear of it, and says what the check is', async () => {
    const { dialog, verdictLoaded } = renderPreview([{ x0: 128, y0: 72, x1: 600, y1: 300 }]);
    await waitFor(() => expect(verdictLoaded()).toBe(true));
    expect(await badgeItem(dialog)).toMatch(/Nothing important sits under the duration badge/);
    expect(within(dialog).getByRole('heading', { name: /^Readiness/ })).toBeTruthy();
    expect(within(dialog).getByText(/It does not predict clicks\./)).toBeTruthy();
    expect(within(dialog).queryAllByTestId('readiness-outline')).toHaveLength(0);
  });

  it('shows a title idea as the title in every layout, and remembers it', async () => {
    const titles = [
      'Checkmate by a Cat',
      'A Cat Beat Me at Chess',
      'Chess Night',
      'Paws vs Pawns',
      'The Cat Plays On',
    ];
    const asked: unknown[] = [];
    server.use(
      answer(endpoints.suggestTitles, async ({ request }) => {
        asked.push(await request.json());
        return { titles, video_title: null };
      }),
    );
    const { dialog } = renderPreview();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Title ideas' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Use as title: Paws vs Pawns' }));
    expect(asked).toEqual([{ message_id: 'm2', image: 0 }]);
    expect(within(dialog).getByRole('textbox', { name: 'Video title' })).toHaveProperty(
      'value',
      'Paws vs Pawns',
    );
    for (const name of ['Home, 360x202', 'Search, 360x202', 'Up next, 168x94', 'Phone, 390x219']) {
      expect(
        within(within(dialog).getByRole('region', { name })).getAllByText('Paws vs Pawns').length,
      ).toBeGreaterThan(0);
    }
    expect(JSON.parse(localStorage.getItem(PREVIEW_STORAGE_KEY) ?? '{}')).toMatchObject({
      titles: { m2: 'Paws vs Pawns' },
    });
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

describe('the readiness check’s fixes', () => {
  function renderFixes({
    legibility,
    faces = [],
    layers = [],
    send,
  }: {
    legibility: Legibility;
    faces?: TextBox[];
    layers?: TextLayer[];
    send?: RegionSendProps;
  }) {
    server.use(answer(endpoints.listMessages, () => ({ messages: [] })));
    const stored = message('m2', {
      is_image_message: true,
      prompt: 'A cat that wins at chess',
      image_url: `${storage}/m2/thumbnail.jpg`,
      likeness: { faces, people: [] },
      legibility,
    });
    const images = [
      messageImageSchema.parse({ index: 0, image_url: stored.image_url, downloads: [], text_layers: layers }),
    ];
    server.use(answer(endpoints.getMessage, () => ({ message: { ...stored, images } })));
    const closed: boolean[] = [];
    const image = toViewMessage(stored);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <YouTubePreviewDialog
          open
          onOpenChange={(open) => closed.push(!open)}
          image={{ ...image, imageUrl: image.imageUrl ?? '' }}
          send={send}
        />
      </QueryClientProvider>,
    );
    return { dialog: screen.getByRole('dialog', { name: 'Preview on YouTube' }), closed };
  }

  const hardToRead: Legibility = {
    text: 'WIN',
    sizes: [],
    reads_at_feed_size: false,
    hard_to_read: ['top left'],
    boxes: [{ x0: 100, y0: 80, x1: 300, y1: 120 }],
  };

  it('applies a text-layer fix at once, free, through the text edit', async () => {
    const bodies: unknown[] = [];
    server.use(
      answer(endpoints.editText, async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return { message: message('m3', { is_image_message: true, is_edit: true }) };
      }),
    );
    const readable = [textLayer({ size: 160 })];
    const { dialog, closed } = renderFixes({
      legibility: { ...hardToRead, readable_layers: readable },
      layers: [textLayer({ size: 30 })],
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make it readable (free)' }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'm2', body: { image: 0, layers: readable } }]));
    await waitFor(() => expect(closed).toEqual([true]));
  });

  it('shows a paid fix’s instruction to change before it is sent as an edit of this image', async () => {
    const sent: RegionEditRequest[] = [];
    const send: RegionSendProps = {
      onSend: async (request) => {
        sent.push(request);
        return true;
      },
      costText: 'Cost: 1 credit',
      busy: false,
    };
    const small = { x0: 900, y0: 300, x1: 960, y1: 380 };
    const { dialog, closed } = renderFixes({
      legibility: { ...hardToRead, reads_at_feed_size: true },
      faces: [small],
      send,
    });
    const face = await within(dialog).findByRole('listitem', { name: 'Face size' });
    await userEvent.click(within(face).getByRole('button', { name: 'Fix with an edit…' }));
    const instruction = within(face).getByRole('textbox', { name: /The edit to send/ });
    expect((instruction as HTMLTextAreaElement).value).toBe(READINESS_EDITS.face);
    expect(within(face).getByText('Cost: 1 credit')).toBeTruthy();
    await userEvent.clear(instruction);
    await userEvent.type(instruction, 'Closer crop on the face');
    fireEvent.submit(instruction.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(sent).toEqual([
        { messageId: 'm2', index: 0, content: 'Closer crop on the face', mask: undefined },
      ]),
    );
    await waitFor(() => expect(closed).toEqual([true]));
  });

  it('only describes a paid fix outside a chat', async () => {
    const { dialog } = renderFixes({ legibility: hardToRead });
    const text = await within(dialog).findByRole('listitem', { name: 'Text at 168x94' });
    await waitFor(() =>
      expect(text.textContent).toContain(
        'open the conversation and ask for this edit: “Make the text bigger and higher contrast”',
      ),
    );
    expect(within(text).queryByRole('button')).toBeNull();
  });
});
