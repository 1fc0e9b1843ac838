// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints, GREETING, PHASE_TEXT, type SendResult } from '@thumbnail-studio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { chatPanelProps, renderWithQueryClient } from '../../../test/render';
import { ChatPanel, type ChatPanelProps } from './chat-panel';

withFakeApi();

const stored: SendResult = {
  userMessage: message('user-1', { role: 'user', content: 'A jungle "I SURVIVED"' }),
  assistantMessage: message('job-1', { status: 'pending', content: PHASE_TEXT.queued }),
};

/** The chat of c1; every send body lands in `sent`. */
async function renderChat(props: Partial<ChatPanelProps> = {}) {
  const sent: { text_mode?: string }[] = [];
  server.use(
    answer(endpoints.listMessages, () => ({ messages: [greeting('c1')] })),
    answer(endpoints.getJobUpdates, () => ({ jobs: [] })),
    answer(endpoints.sendMessage, async ({ request }) => {
      sent.push((await request.json()) as (typeof sent)[number]);
      return stored;
    }),
  );
  renderWithQueryClient(<ChatPanel {...chatPanelProps()} {...props} />);
  await screen.findByText(GREETING);
  const send = async (text: string) => {
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
  };
  return { sent, send, select: () => screen.getByRole('combobox', { name: 'Text' }) as HTMLSelectElement };
}

describe("the chat input's text mode", () => {
  beforeEach(() => localStorage.clear());

  it('sends text as editable layers by default', async () => {
    const { sent, send, select } = await renderChat();
    expect(select().value).toBe('layer');
    expect([...select().options].map((option) => option.textContent)).toEqual(['editable', 'drawn by AI']);
    await send('A jungle "I SURVIVED"');
    expect(sent[0]).toMatchObject({ text_mode: 'layer' });
  });

  it('sends text to be drawn by AI once chosen, and remembers the choice', async () => {
    const { sent, send, select } = await renderChat();
    fireEvent.change(select(), { target: { value: 'model' } });
    expect(select().value).toBe('model');
    await send('A jungle "I SURVIVED"');
    expect(sent[0]).toMatchObject({ text_mode: 'model' });

    cleanup();
    const again = await renderChat();
    expect(again.select().value).toBe('model');
  });

  it("shows the text drawn by AI, fixed, when the send goes with the creator's own key", async () => {
    const { select } = await renderChat({ provider: 'openai', ownKeyFor: () => 'sk-own' });
    expect(select().value).toBe('model');
    expect(select().disabled).toBe(true);
    expect(screen.getByText('With your own key the AI draws the text.')).toBeTruthy();
  });
});
