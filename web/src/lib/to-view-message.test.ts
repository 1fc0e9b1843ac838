import { INSUFFICIENT_CREDITS_TEXT, type Message } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { toViewMessage } from './to-view-message';

const buildMessage = (overrides: Partial<Message> = {}): Message => ({
  id: 'm1',
  conversation_id: 'c1',
  user_id: 'u1',
  role: 'assistant',
  content: 'Here is your thumbnail',
  uploaded_images: null,
  selected_model_ids: null,
  prompt: null,
  image_url: null,
  image_sources: null,
  share_token: null,
  full_image_url: null,
  downloads: null,
  images: null,
  is_image_message: false,
  is_edit: false,
  created_at: '2026-03-15T12:00:00.000Z',
  status: 'done',
  ...overrides,
});

describe('toViewMessage', () => {
  it('maps a stored text message', () => {
    const view = toViewMessage(buildMessage({ role: 'user', content: 'A red car' }));
    expect(view).toMatchObject({
      type: 'user',
      content: 'A red car',
      isLoading: false,
      isImageMessage: false,
    });
    expect(view.uploadedImages).toEqual([]);
    expect(view.textBoxes).toEqual([]);
  });

  it('keeps where the text sits once the legibility check has run', () => {
    const box = { x0: 1100, y0: 640, x1: 1260, y1: 700 };
    const legibility = { text: 'LATE', sizes: [], reads_at_feed_size: true, hard_to_read: [], boxes: [box] };
    expect(toViewMessage(buildMessage({ legibility })).textBoxes).toEqual([box]);
  });

  it("marks the assistant's refusal for credits, and nothing else, as needing credits", () => {
    const refusal = buildMessage({ status: 'error', content: INSUFFICIENT_CREDITS_TEXT });
    expect(toViewMessage(refusal).needsCredits).toBe(true);
    expect(toViewMessage(buildMessage({ status: 'error' })).needsCredits).toBe(false);
    expect(toViewMessage({ ...refusal, role: 'user' }).needsCredits).toBe(false);
  });

  it('marks a pending assistant message as loading and a failed one as error', () => {
    expect(toViewMessage(buildMessage({ status: 'pending' })).isLoading).toBe(true);
    expect(toViewMessage(buildMessage({ status: 'error' })).isError).toBe(true);
  });

  it('flags base64 images by their data:image prefix', () => {
    const base64 = toViewMessage(
      buildMessage({ is_image_message: true, image_url: 'data:image/png;base64,AAAA', prompt: 'car' }),
    );
    const remote = toViewMessage(
      buildMessage({ is_image_message: true, image_url: 'https://cdn.example/a.png' }),
    );
    expect(base64).toMatchObject({ isImageMessage: true, isBase64: true, prompt: 'car' });
    expect(remote).toMatchObject({ isImageMessage: true, isBase64: false });
  });

  it('carries the full-size address and the downloads of an older image message', () => {
    const view = toViewMessage(
      buildMessage({
        is_image_message: true,
        image_url: 'https://s3.example/preview.jpg',
        full_image_url: 'https://s3.example/original.png',
        downloads: ['png'],
      }),
    );
    expect(view).toMatchObject({
      imageUrl: 'https://s3.example/preview.jpg',
      fullImageUrl: 'https://s3.example/original.png',
      imageSources: [],
      downloads: ['png'],
    });
  });

  it('carries the preview widths and the YouTube JPEG of a newer image message', () => {
    const sources = [480, 960].map((width) => ({
      url: `https://s3.example/${width}.webp`,
      width,
      type: 'image/webp',
    }));
    const view = toViewMessage(
      buildMessage({
        is_image_message: true,
        image_url: 'https://s3.example/youtube.jpg',
        image_sources: sources,
        downloads: ['jpeg', 'png'],
      }),
    );
    expect(view).toMatchObject({ imageSources: sources, downloads: ['jpeg', 'png'] });
  });

  it('does not treat an image message without a url as an image', () => {
    expect(toViewMessage(buildMessage({ is_image_message: true, image_url: null })).isImageMessage).toBe(
      false,
    );
  });
});
