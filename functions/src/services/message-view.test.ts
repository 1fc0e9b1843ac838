import { describe, expect, it, vi } from 'vitest';
import { newMessage } from '../core/messages';
import type { ImageKeys } from '../core/types';
import { viewMessage } from './message-view';

vi.mock('../adapters/blob-store', () => ({
  signedGetUrl: async (key: string) => `https://signed.test/${key}`,
}));

const base = 'images/u1/m1/1';
const imageMessage = (image_keys: ImageKeys) =>
  newMessage({
    id: 'm1',
    conversation_id: 'c1',
    user_id: 'u1',
    role: 'assistant',
    status: 'done',
    content: 'Here is your thumbnail',
    created_at: '2026-03-15T12:00:00.000Z',
    is_image_message: true,
    image_keys,
  });

describe('viewMessage', () => {
  it('says which provider draws a pending job and when its worker began it, and neither once settled', async () => {
    const job = newMessage({
      id: 'j1',
      conversation_id: 'c1',
      user_id: 'u1',
      role: 'assistant',
      status: 'pending',
      content: 'Generating your image...',
      created_at: '2026-03-15T12:00:00.000Z',
      started_at: '2026-03-15T12:00:02.000Z',
      job_state: 'running',
      provider: 'gemini',
    });
    expect(await viewMessage(job)).toMatchObject({
      started_at: '2026-03-15T12:00:02.000Z',
      provider: 'gemini',
    });
    expect(await viewMessage(job)).not.toHaveProperty('job_state');
    const settled = await viewMessage({ ...job, status: 'done' });
    expect(settled).not.toHaveProperty('started_at');
    expect(settled).not.toHaveProperty('provider');

    // Each image's latest partial picture while the job runs, signed, and none once it settled.
    const drawing = { ...job, variations: 3, partial_0: 'p/v0-1.webp', partial_2: 'p/v2-0.webp' };
    const viewed = await viewMessage(drawing);
    expect(viewed.partials).toEqual([
      'https://signed.test/p/v0-1.webp',
      null,
      'https://signed.test/p/v2-0.webp',
    ]);
    expect(viewed).not.toHaveProperty('partial_0');
    expect(await viewMessage({ ...drawing, status: 'done' })).not.toHaveProperty('partials');
    expect(await viewMessage(job)).not.toHaveProperty('partials');
  });

  it("signs a region edit's mask on its user message, listed or read alone, and never answers its key", async () => {
    // A user message as a send stores it: no images, the image it edits and its mask.
    const request = newMessage({
      ...{ id: 'r1', conversation_id: 'c1', user_id: 'u1', created_at: '2026-03-15T12:00:00.000Z' },
      ...{ role: 'user', status: 'done', content: 'make the sky red' },
      edit_from: { message_id: 'm1', index: 0, key: `${base}/base.png` },
      mask_key: 'masks/u1/r1.png',
    });
    for (const listed of [true, false]) {
      const viewed = await viewMessage(request, listed);
      expect(viewed.mask_url).toBe('https://signed.test/masks/u1/r1.png');
      expect(viewed).not.toHaveProperty('mask_key');
    }
    expect(await viewMessage({ ...request, mask_key: undefined })).not.toHaveProperty('mask_url');
  });

  it('signs the WebP preview widths, the JPEG fallback and the original, and names both downloads', async () => {
    const view = await viewMessage(
      imageMessage({
        original: `${base}/original.png`,
        export: `${base}/thumbnail-1280x720.png`,
        youtube: `${base}/thumbnail-1280x720.jpg`,
        preview: `${base}/preview-960.jpg`,
        previews: [480, 960, 1280].map((width) => ({ width, key: `${base}/preview-${width}.webp` })),
      }),
    );
    expect(view).toMatchObject({
      image_url: `https://signed.test/${base}/preview-960.jpg`,
      image_sources: [480, 960, 1280].map((width) => ({
        url: `https://signed.test/${base}/preview-${width}.webp`,
        width,
        type: 'image/webp',
      })),
      full_image_url: `https://signed.test/${base}/original.png`,
      downloads: ['jpeg', 'png'],
    });
    // The downloads are signed when asked for (they may not exist yet): no key of theirs is signed here.
    expect(JSON.stringify(view)).not.toContain('thumbnail-1280x720');
    expect(view).not.toHaveProperty('image_keys');
  });

  it("answers an image's text layers, and signs its base only when the one message is read", async () => {
    const layer = {
      id: 't',
      text: 'HI',
      font: 'oi',
      size: 100,
      colour: '#ffffff',
      outline: null,
      shadow: false,
      align: 'left',
      box: { x: 0, y: 0, width: 400, height: 200 },
    } as const;
    const layered = imageMessage({
      original: `${base}/original.png`,
      base: `${base}/base.png`,
      text_layers: [layer],
      export: `${base}/thumbnail-1280x720.png`,
      preview: `${base}/original.png`,
    });
    expect((await viewMessage(layered)).images?.[0]).toMatchObject({
      text_layers: [layer],
      base_url: `https://signed.test/${base}/base.png`,
    });
    expect((await viewMessage(layered, true)).images?.[0]).toMatchObject({
      text_layers: [layer],
      base_url: null,
    });
    // An image stored before layers has none, and no base of its own.
    const plain = imageMessage({ original: `${base}/original.png`, export: 'e', preview: 'p' });
    expect((await viewMessage(plain)).images?.[0]).toMatchObject({ text_layers: [], base_url: null });
  });

  it('still shows an image stored before the previews: its small JPEG, and the PNG to download', async () => {
    const view = await viewMessage(
      imageMessage({
        original: `${base}/original.png`,
        export: `${base}/thumbnail-1280x720.png`,
        preview: `${base}/preview.jpg`,
      }),
    );
    expect(view).toMatchObject({
      image_url: `https://signed.test/${base}/preview.jpg`,
      image_sources: null,
      downloads: ['png'],
    });
  });

  it("answers each variation's own public link, and keeps the stored marks of them to itself", async () => {
    const keysOf = (n: number): ImageKeys => ({
      original: `${base}/${n}/original.png`,
      export: `${base}/${n}/thumbnail-1280x720.png`,
      preview: `${base}/${n}/preview.jpg`,
    });
    const view = await viewMessage({
      ...imageMessage(keysOf(0)),
      variation_keys: [keysOf(0), keysOf(1), keysOf(2)],
      share_token: 'first-link',
      share_token_2: 'third-link',
    });
    expect(view.share_token).toBe('first-link');
    expect(view.images?.map((image) => image.share_token)).toEqual(['first-link', null, 'third-link']);
    expect(view).not.toHaveProperty('share_token_2');
  });
});
