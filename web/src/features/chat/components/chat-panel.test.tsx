// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  endpoints,
  GREETING,
  INSUFFICIENT_CREDITS_TEXT,
  MAKE_READABLE,
  PHASE_TEXT,
  type SendResult,
} from '@thumbnail-studio/contract';
import { describe, expect, it, vi } from 'vitest';
import { textLayer } from '../../../../../tests/support/text-layer';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { chatPanelProps, renderWithQueryClient } from '../../../test/render';
import { ChatPanel } from './chat-panel';

withFakeApi();

const prompt = 'A red car on a mountain road';

/** The chat of conversation c1 (greeting loaded) with a send whose answer waits for `answered`. */
async function renderChat(reply: () => Response | SendResult) {
  const answered = gate();
  server.use(
    answer(endpoints.listMessages, () => ({ messages: [greeting('c1')] })),
    answer(endpoints.getJobUpdates, () => ({ jobs: [] })),
    answer(endpoints.sendMessage, async () => {
      await answered.opened;
      return reply();
    }),
  );
  const props = { ...chatPanelProps(), onBuyCredits: vi.fn() };
  renderWithQueryClient(<ChatPanel {...props} />);
  await screen.findByText(GREETING);
  const textarea = screen.getByLabelText('Message') as HTMLTextAreaElement;
  fireEvent.change(textarea, { target: { value: prompt } });
  fireEvent.keyDown(textarea, { key: 'Enter' });
  return { answered, props, textarea };
}

/** The message list, apart from the input that may hold the same text. */
const messages = () => within(screen.getByRole('log', { name: 'Messages' }));
/** The pending placeholder's text, written with animated dots. */
const placeholder = () => messages().queryByText(PHASE_TEXT.queued.replace(/\.+$/, ''));

describe('ChatPanel send', () => {
  it('shows the prompt and the placeholder at once, then the stored pair', async () => {
    const stored: SendResult = {
      userMessage: message('user-1', { role: 'user', content: prompt }),
      assistantMessage: message('job-1', { status: 'pending', content: PHASE_TEXT.generating }),
    };
    server.use(answer(endpoints.getMessage, () => ({ message: stored.assistantMessage })));
    const { answered, props, textarea } = await renderChat(() => stored);
    expect(await messages().findByText(prompt)).toBeTruthy();
    expect(placeholder()).toBeTruthy();
    expect(textarea.value).toBe('');

    await act(async () => answered.open());
    await messages().findByText(PHASE_TEXT.generating.replace(/\.+$/, ''));
    expect(placeholder()).toBeNull();
    expect(messages().getAllByText(prompt)).toHaveLength(1);
    expect(props.onMessageSent).toHaveBeenCalledOnce();
    expect(props.onInsufficientCredits).not.toHaveBeenCalled();
  });

  it('shows the stored refusal with a Buy credits button, and opens the checkout, when credits are short', async () => {
    const refused: SendResult = {
      userMessage: message('user-1', { role: 'user', content: prompt }),
      assistantMessage: message('refusal-1', { content: INSUFFICIENT_CREDITS_TEXT }),
    };
    const { answered, props, textarea } = await renderChat(() =>
      refusal('insufficient_credits', INSUFFICIENT_CREDITS_TEXT, refused),
    );
    await messages().findByText(prompt);
    await act(async () => answered.open());
    await messages().findByText(INSUFFICIENT_CREDITS_TEXT);
    expect(placeholder()).toBeNull();
    expect(props.onInsufficientCredits).toHaveBeenCalledWith(INSUFFICIENT_CREDITS_TEXT);
    expect(props.onMessageSent).toHaveBeenCalledOnce();
    expect(textarea.value).toBe('');

    fireEvent.click(messages().getByRole('button', { name: 'Buy credits' }));
    expect(props.onBuyCredits).toHaveBeenCalledOnce();
  });

  it('takes the drafts away and gives the text back when the send fails', async () => {
    const { answered, props, textarea } = await renderChat(() =>
      refusal('not_found', 'Conversation not found'),
    );
    await messages().findByText(prompt);
    await act(async () => answered.open());
    await waitFor(() => expect(messages().queryByText(prompt)).toBeNull());
    expect(placeholder()).toBeNull();
    await waitFor(() => expect(textarea.value).toBe(prompt));
    expect(props.onMessageSent).not.toHaveBeenCalled();
    expect(props.onInsufficientCredits).not.toHaveBeenCalled();
  });
});

describe('ChatPanel opening a long conversation', () => {
  const image = (id: string) =>
    message(id, {
      is_image_message: true,
      prompt: `Thumbnail ${id}`,
      image_url: `https://storage.test/${id}/preview.jpg?sig=1`,
    });

  it('shows the newest page, loads the older one from near the top, and loads previews lazily in a reserved box', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      answer(endpoints.listMessages, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'img-3'
          ? { messages: [greeting('c1'), image('img-1'), image('img-2')] }
          : { messages: [image('img-3'), image('img-4')], next_cursor: 'img-3' };
      }),
    );
    renderWithQueryClient(<ChatPanel {...chatPanelProps()} />);
    // The test's screen has no height: the scroller is at its top, so the older page comes at once.
    await screen.findByText(GREETING);
    expect(cursors).toEqual([null, 'img-3']);
    const previews = messages().getAllByRole('img', { name: /Generated thumbnail/ });
    expect(previews.map((img) => img.getAttribute('src'))).toEqual(
      ['img-1', 'img-2', 'img-3', 'img-4'].map((id) => `https://storage.test/${id}/preview.jpg?sig=1`),
    );
    for (const img of previews) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    }
    // The oldest page is loaded: nothing more is asked for.
    fireEvent.scroll(screen.getByRole('log', { name: 'Messages' }).parentElement?.parentElement as Element);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(cursors).toEqual([null, 'img-3']);
  });
});

describe('ChatPanel making a layered image’s text readable', () => {
  it('sends the verdict’s fixed layers as a free text edit, not a paid send, and shows the new version', async () => {
    const readable = [textLayer()];
    const image = message('image-1', {
      is_image_message: true,
      image_url: 'https://storage.test/image-1.png',
      legibility: {
        text: 'BIG WIN',
        // Reads at full size only.
        sizes: (
          [
            [1280, 720],
            [246, 138],
            [168, 94],
          ] as const
        ).map(([width, height]) => ({
          width,
          height,
          reads: width === 1280,
        })),
        reads_at_feed_size: false,
        hard_to_read: ['top left'],
        readable_layers: readable,
      },
    });
    const edited = message('image-2', { content: 'Text edited', is_edit: true, legibility: null });
    const edits: unknown[] = [];
    const sends = vi.fn();
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), image] })),
      answer(endpoints.getJobUpdates, () => ({ jobs: [] })),
      answer(endpoints.sendMessage, () => {
        sends();
        return refusal('bad_request', 'not expected');
      }),
      answer(endpoints.editText, async ({ request, params }) => {
        edits.push({ id: params.id, body: await request.json() });
        return { message: edited };
      }),
    );
    const props = chatPanelProps();
    renderWithQueryClient(<ChatPanel {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: MAKE_READABLE }));
    expect(await messages().findByText('Text edited')).toBeTruthy();
    expect(edits).toEqual([{ id: 'image-1', body: { image: 0, layers: readable } }]);
    expect(sends).not.toHaveBeenCalled();
    expect(props.onMessageSent).toHaveBeenCalledOnce();
  });
});
