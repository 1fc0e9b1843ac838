// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints, GREETING, PHASE_TEXT, type SendResult } from '@thumbnail-studio/contract';
import { describe, expect, it, vi } from 'vitest';
import { answer, gate, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { chatPanelProps, renderWithQueryClient } from '../../../test/render';
import { ChatPanel } from './chat-panel';

withFakeApi();

describe('ChatPanel sending with Enter', () => {
  const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const stored: SendResult = {
    userMessage: message('user-1', { role: 'user', content: link }),
    assistantMessage: message('job-1', { status: 'pending', content: PHASE_TEXT.queued }),
  };

  /** The chat of c1 whose video thumbnail waits for `fetched`; every send body lands in `sent`. */
  async function renderLinkChat() {
    const fetched = gate();
    const sent: { content: string; uploaded_images: string[] }[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1')] })),
      answer(endpoints.getJobUpdates, () => ({ jobs: [] })),
      answer(endpoints.fetchVideoThumbnail, async () => {
        await fetched.opened;
        return { key: 'videos/dQw4w9WgXcQ', video_id: 'dQw4w9WgXcQ', url: 'https://storage.test/thumb.jpg' };
      }),
      answer(endpoints.sendMessage, async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        return stored;
      }),
    );
    renderWithQueryClient(<ChatPanel {...chatPanelProps()} />);
    await screen.findByText(GREETING);
    return { fetched, sent, textarea: screen.getByLabelText('Message') as HTMLTextAreaElement };
  }

  it('sends a pasted link once its thumbnail is ready when Enter comes while it is fetched, and says so', async () => {
    const { fetched, sent, textarea } = await renderLinkChat();
    fireEvent.paste(textarea, { clipboardData: { files: [], getData: () => link } });
    fireEvent.change(textarea, { target: { value: link } });
    fireEvent.keyDown(textarea, { key: 'Enter' });

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Sending as soon as the video thumbnail is ready...',
    );
    expect(sent).toEqual([]);

    await act(async () => fetched.open());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: link, uploaded_images: ['videos/dQw4w9WgXcQ'] });
    await waitFor(() => expect(textarea.value).toBe(''));
    expect(screen.queryByText(/Sending as soon as/)).toBeNull();
  });

  it('takes the waiting send back when the box is emptied', async () => {
    const { fetched, sent, textarea } = await renderLinkChat();
    fireEvent.paste(textarea, { clipboardData: { files: [], getData: () => link } });
    fireEvent.change(textarea, { target: { value: link } });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await screen.findByText(/Sending as soon as/);

    fireEvent.change(textarea, { target: { value: '' } });
    await act(async () => fetched.open());
    const references = screen.getByRole('list', { name: 'Attached references' });
    await waitFor(() => expect(references.querySelector('[aria-busy]')).toBeNull());
    expect(sent).toEqual([]);
  });

  it('lets Enter start a new line on a touch keyboard, where the button sends', async () => {
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query) => ({ matches: query.includes('pointer: coarse'), media: query }) as MediaQueryList,
      );
    try {
      server.use(
        answer(endpoints.listMessages, () => ({ messages: [greeting('c1')] })),
        answer(endpoints.getJobUpdates, () => ({ jobs: [] })),
      );
      const { sent, textarea } = await renderLinkChat();
      fireEvent.change(textarea, { target: { value: 'A red car' } });
      const enter = fireEvent.keyDown(textarea, { key: 'Enter' });

      // Not prevented: the browser puts the new line in.
      expect(enter).toBe(true);
      expect(sent).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
      await waitFor(() => expect(sent).toHaveLength(1));
    } finally {
      matchMedia.mockRestore();
    }
  });
});
