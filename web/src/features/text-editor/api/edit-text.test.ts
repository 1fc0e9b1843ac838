// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { endpoints, type Message, type MessageImage, messageImageSchema } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { useEditText } from '../../../lib/edit-text';
import { messagesQueryKey } from '../../../lib/message-keys';
import { answer, refusal, server, withFakeApi } from '../../../test/fake-api';
import { message } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
import { newLayer } from '../utils/layers-history';
import { editableImage } from './get-editable-image';

withFakeApi();

const layers = [{ ...newLayer('a'), text: 'NEW WORDS', font: 'oi' as const }];

describe('saving edited text', () => {
  it('sends the image and all its layers, and the answer joins the chat', async () => {
    const bodies: unknown[] = [];
    const edited = message('m3', { is_image_message: true, is_edit: true, content: 'Text edited' });
    server.use(
      answer(endpoints.editText, async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return { message: edited };
      }),
    );
    const { result, queryClient } = renderWithQueries(() => useEditText());
    const before = [message('m1'), message('m2', { is_image_message: true })];
    queryClient.setQueryData(messagesQueryKey('c1'), before);

    result.current.mutate({ messageId: 'm2', image: 1, layers });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(bodies).toEqual([{ id: 'm2', body: { image: 1, layers } }]);

    // With the logo moved (or removed), its box (or null) is sent too.
    const logo = { x: 64, y: 400, width: 200, height: 200 };
    result.current.mutate({ messageId: 'm2', image: 0, layers, logo });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ id: 'm2', body: { image: 0, layers, logo } });
    expect(queryClient.getQueryData<Message[]>(messagesQueryKey('c1'))?.map((item) => item.id)).toEqual([
      'm1',
      'm2',
      'm3',
    ]);
  });

  it("a refusal carries the server's words and leaves the chat as it was", async () => {
    server.use(answer(endpoints.editText, () => refusal('bad_request', 'That font is not one of ours')));
    const { result, queryClient } = renderWithQueries(() => useEditText());
    const before = [message('m1')];
    queryClient.setQueryData(messagesQueryKey('c1'), before);

    result.current.mutate({ messageId: 'm1', image: 0, layers });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('That font is not one of ours');
    expect(queryClient.getQueryData(messagesQueryKey('c1'))).toBe(before);
  });
});

describe('the image the editor opens', () => {
  const image = (index: number, overrides: Partial<MessageImage> = {}) =>
    messageImageSchema.parse({
      index,
      image_url: `https://storage.test/m/${index}.webp`,
      full_image_url: `https://storage.test/m/${index}.png`,
      downloads: [],
      ...overrides,
    });

  it("draws a variation's layers over its base", () => {
    const stored = message('m', {
      images: [image(0), image(1, { base_url: 'https://storage.test/m/1-base.png', text_layers: layers })],
    });
    expect(editableImage(stored, 1)).toEqual({
      baseUrl: 'https://storage.test/m/1-base.png',
      layers,
      logo: null,
    });
  });

  it('opens an image with its logo layer', () => {
    const logo = { url: 'https://storage.test/m/logo.png', box: { x: 960, y: 36, width: 256, height: 256 } };
    const stored = message('m', {
      images: [image(0, { base_url: 'https://storage.test/m/base.png', logo })],
    });
    expect(editableImage(stored, 0)).toMatchObject({ baseUrl: 'https://storage.test/m/base.png', logo });
  });

  it('puts new text over the image as it is where there is no base', () => {
    expect(editableImage(message('m', { images: [image(0)] }), 0)).toEqual({
      baseUrl: 'https://storage.test/m/0.png',
      layers: [],
      logo: null,
    });
    const old = message('m', { image_url: 'https://storage.test/old.jpg' });
    expect(editableImage(old, 0)).toEqual({
      baseUrl: 'https://storage.test/old.jpg',
      layers: [],
      logo: null,
    });
    expect(editableImage(old, 1)).toBeUndefined();
  });
});
