// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { endpoints, type Message } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { textLayer } from '../../../tests/support/text-layer';
import { answer, refusal, server, withFakeApi } from '../test/fake-api';
import { greeting, message } from '../test/fixtures';
import { renderWithQueries } from '../test/render';
import { useEditText } from './edit-text';
import { messagesQueryKey } from './message-keys';
import { createQueryClient } from './query-client';

withFakeApi();

const layers = [textLayer()];

function renderEdit(reply: () => Response | { message: Message }) {
  const calls: unknown[] = [];
  server.use(
    answer(endpoints.editText, async ({ request, params }) => {
      calls.push({ id: params.id, body: await request.json() });
      return reply();
    }),
  );
  const queryClient = createQueryClient();
  const image = message('image-1', { is_image_message: true });
  queryClient.setQueryData(messagesQueryKey('c1'), [greeting('c1'), image]);
  const rendered = renderWithQueries(useEditText, { queryClient });
  const shown = () => queryClient.getQueryData<Message[]>(messagesQueryKey('c1')) ?? [];
  return { ...rendered, calls, shown };
}

describe('editing an image’s text', () => {
  it('puts the new layers on the message’s image and shows the new version in the chat', async () => {
    const edited = message('image-2', { content: 'Text edited', is_edit: true, is_image_message: true });
    const { result, calls, shown } = renderEdit(() => ({ message: edited }));
    await act(() => result.current.mutateAsync({ messageId: 'image-1', layers }));
    expect(calls).toEqual([{ id: 'image-1', body: { image: 0, layers } }]);
    await waitFor(() => expect(shown().map((one) => one.id)).toEqual(['greeting-c1', 'image-1', 'image-2']));
  });

  it('changes nothing shown when the edit is refused, and says why', async () => {
    const { result, shown } = renderEdit(() => refusal('bad_request', 'A text layer needs some words'));
    await expect(act(() => result.current.mutateAsync({ messageId: 'image-1', layers }))).rejects.toThrow(
      'A text layer needs some words',
    );
    expect(shown().map((one) => one.id)).toEqual(['greeting-c1', 'image-1']);
  });
});
