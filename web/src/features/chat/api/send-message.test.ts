// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import {
  endpoints,
  INSUFFICIENT_CREDITS_TEXT,
  type Message,
  PHASE_TEXT,
  type SendResult,
} from '@thumbnail-studio/contract';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { messagesQueryKey } from '../../../lib/message-keys';
import { createQueryClient } from '../../../lib/query-client';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
import { messagesOfRefusal, type SendMessageInput, useSendMessage } from './send-message';

withFakeApi();

const input: SendMessageInput = {
  conversationId: 'c1',
  content: 'A red car on a mountain road',
  provider: 'local',
  uploadKeys: ['uploads/u1/ref.png'],
  previewUrls: ['blob:preview-1'],
};

const stored: SendResult = {
  userMessage: message('user-1', {
    role: 'user',
    content: input.content,
    uploaded_images: ['https://storage.test/ref.png'],
  }),
  assistantMessage: message('job-1', { status: 'pending', content: PHASE_TEXT.queued }),
};

/** The send hook over a conversation whose greeting is loaded, with the send's answer held back. */
function renderSend(reply: () => Response | SendResult) {
  const answered = gate();
  const bodies: unknown[] = [];
  server.use(
    answer(endpoints.sendMessage, async ({ request, params }) => {
      bodies.push({ id: params.id, ...((await request.json()) as object) });
      await answered.opened;
      return reply();
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(messagesQueryKey('c1'), [greeting('c1')]);
  const rendered = renderWithQueries(useSendMessage, { queryClient });
  const shown = () => queryClient.getQueryData<Message[]>(messagesQueryKey('c1')) ?? [];
  return { ...rendered, answered, bodies, shown };
}

/** Starts a send and waits for its optimistic drafts; `outcome` is what the send resolved or threw. */
async function startSend(
  result: { current: ReturnType<typeof useSendMessage> },
  shown: () => Message[],
  sent: SendMessageInput = input,
) {
  let outcome!: Promise<unknown>;
  act(() => {
    outcome = result.current.mutateAsync(sent).catch((error: unknown) => error);
  });
  await waitFor(() => expect(shown()).toHaveLength(3));
  return { outcome };
}

describe('useSendMessage', () => {
  it('shows the message and the placeholder at once, then the stored pair', async () => {
    const { result, answered, bodies, shown } = renderSend(() => HttpResponse.json(stored, { status: 202 }));
    const { outcome } = await startSend(result, shown);
    const [, user, placeholder] = shown();
    expect(user).toMatchObject({ role: 'user', content: input.content, uploaded_images: input.previewUrls });
    expect(placeholder).toMatchObject({ role: 'assistant', content: PHASE_TEXT.queued, status: 'pending' });

    answered.open();
    await expect(outcome).resolves.toEqual(stored);
    await waitFor(() => expect(shown().slice(1)).toEqual([stored.userMessage, stored.assistantMessage]));
    expect(shown()[0]?.id).toBe('greeting-c1');
    expect(bodies).toEqual([
      {
        id: 'c1',
        content: input.content,
        provider: 'local',
        uploaded_images: input.uploadKeys,
        selected_model_ids: [],
        variations: 1,
      },
    ]);
  });

  it("sends a region edit's mask with the image it edits, and shows it over that image at once", async () => {
    const mask = 'data:image/png;base64,iVBORw0KGgo=';
    const region = { ...input, editFrom: { messageId: 'answer-1', index: 1 }, mask };
    const { result, answered, bodies, shown } = renderSend(() => HttpResponse.json(stored, { status: 202 }));
    const { outcome } = await startSend(result, shown, region);
    expect(shown()[1]).toMatchObject({ edit_from: { message_id: 'answer-1', index: 1 }, mask_url: mask });
    answered.open();
    await outcome;
    expect(bodies[0]).toMatchObject({ edit_from: { message_id: 'answer-1', index: 1 }, mask });
  });

  it('sends no mask without the image it would edit', async () => {
    const { result, answered, bodies, shown } = renderSend(() => HttpResponse.json(stored, { status: 202 }));
    const { outcome } = await startSend(result, shown, { ...input, mask: 'data:image/png;base64,AA==' });
    expect(shown()[1]).not.toHaveProperty('mask_url');
    answered.open();
    await outcome;
    expect(bodies[0]).not.toHaveProperty('mask');
  });

  it('shows the stored pair of a send refused for credits and recognises the refusal', async () => {
    const refused: SendResult = {
      userMessage: stored.userMessage,
      assistantMessage: message('refusal-1', { content: INSUFFICIENT_CREDITS_TEXT }),
    };
    const { result, answered, shown } = renderSend(() =>
      refusal('insufficient_credits', INSUFFICIENT_CREDITS_TEXT, refused),
    );
    const { outcome } = await startSend(result, shown);
    answered.open();
    const error = await outcome;
    expect(error).toMatchObject({ code: 'insufficient_credits', message: INSUFFICIENT_CREDITS_TEXT });
    expect(messagesOfRefusal(error)).toEqual(refused);
    await waitFor(() => expect(shown().map(({ id }) => id)).toEqual(['greeting-c1', 'user-1', 'refusal-1']));
    expect(shown().at(-1)).toMatchObject({ content: INSUFFICIENT_CREDITS_TEXT, status: 'done' });
  });

  it('takes the drafts away when the send fails otherwise', async () => {
    const { result, answered, shown } = renderSend(() => refusal('bad_request', 'provider: not offered'));
    const { outcome } = await startSend(result, shown);
    answered.open();
    const error = await outcome;
    expect(error).toMatchObject({ code: 'bad_request', message: 'provider: not offered' });
    expect(messagesOfRefusal(error)).toBeUndefined();
    await waitFor(() => expect(shown().map(({ id }) => id)).toEqual(['greeting-c1']));
  });

  it("does not take a gateway's own refusal for a credits refusal", async () => {
    const { result, answered, shown } = renderSend(
      () => new HttpResponse('Request Entity Too Large', { status: 413 }),
    );
    const { outcome } = await startSend(result, shown);
    answered.open();
    const error = await outcome;
    expect(error).toMatchObject({ code: 'payload_too_large' });
    expect(messagesOfRefusal(error)).toBeUndefined();
    await waitFor(() => expect(shown()).toHaveLength(1));
  });
});

describe('messagesOfRefusal', () => {
  it('reads the stored pair only from a refusal for credits', () => {
    const body = { error: INSUFFICIENT_CREDITS_TEXT, ...stored };
    expect(messagesOfRefusal(new ApiError('insufficient_credits', INSUFFICIENT_CREDITS_TEXT, body))).toEqual(
      stored,
    );
    expect(messagesOfRefusal(new ApiError('bad_request', 'Invalid request', body))).toBeUndefined();
    expect(
      messagesOfRefusal(new ApiError('insufficient_credits', INSUFFICIENT_CREDITS_TEXT)),
    ).toBeUndefined();
    expect(messagesOfRefusal(new Error(INSUFFICIENT_CREDITS_TEXT))).toBeUndefined();
  });
});
