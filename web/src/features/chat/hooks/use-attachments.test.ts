// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { endpoints, INVALID_VIDEO_LINK_TEXT } from '@thumbnail-studio/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, gate, refusal, server, withFakeApi } from '../../../test/fake-api';
import { renderWithQueries } from '../../../test/render';
import { useAttachments } from './use-attachments';
import { useVideoLinks } from './use-video-links';

withFakeApi();

const STORAGE = 'http://storage.test';
const png = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });
const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/**
 * The upload endpoints: each upload gets the key `uploads/<n>` and a presigned PUT; `failing` PUTs are
 * refused by storage. Returns what storage received.
 */
function fakeUploads({ failing = [] as string[], held }: { failing?: string[]; held?: Promise<void> } = {}) {
  const stored: { key: string; body: string; contentType: string | null; meta: string | null }[] = [];
  let uploads = 0;
  server.use(
    answer(endpoints.createUpload, async ({ request }) => {
      const { content_type } = (await request.json()) as { content_type: string };
      uploads += 1;
      return {
        key: `uploads/${uploads}`,
        upload_url: `${STORAGE}/put/${uploads}`,
        headers: { 'Content-Type': content_type, 'x-amz-meta-owner': 'u1' },
      };
    }),
    http.put(`${STORAGE}/put/:n`, async ({ request, params }) => {
      await held;
      const body = await request.text();
      if (failing.some((name) => body.includes(name))) return new HttpResponse(null, { status: 403 });
      stored.push({
        key: `uploads/${params.n}`,
        body,
        contentType: request.headers.get('content-type'),
        meta: request.headers.get('x-amz-meta-owner'),
      });
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return stored;
}

/** The video-thumbnail endpoint: links containing 'invalid' are refused; returns the links asked for. */
function fakeThumbnails(held?: Promise<void>) {
  const asked: string[] = [];
  server.use(
    answer(endpoints.fetchVideoThumbnail, async ({ request }) => {
      const { url } = (await request.json()) as { url: string };
      asked.push(url);
      await held;
      if (url.includes('invalid')) return refusal('bad_request', INVALID_VIDEO_LINK_TEXT);
      const id = url.slice(-11);
      return { key: `videos/${id}`, video_id: id, url: `${STORAGE}/thumbs/${id}.jpg` };
    }),
  );
  return asked;
}

describe('useAttachments: uploads', () => {
  it('uploads a file at once: loading, then ready with its key', async () => {
    const held = gate();
    const stored = fakeUploads({ held: held.opened });
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addFiles([png('car.png')]));
    expect(result.current.attachments).toMatchObject([
      { kind: 'image', source: 'car.png', status: 'loading' },
    ]);
    expect(result.current.busy).toBe(true);
    expect(result.current.keys).toEqual([]);

    held.open();
    await waitFor(() => expect(result.current.attachments[0]?.status).toBe('ready'));
    expect(result.current.attachments[0]?.key).toBe('uploads/1');
    expect(result.current.keys).toEqual(['uploads/1']);
    expect(result.current.previewUrls).toHaveLength(1);
    expect(result.current.busy).toBe(false);
    expect(stored).toEqual([
      { key: 'uploads/1', body: 'bytes of car.png', contentType: 'image/png', meta: 'u1' },
    ]);
  });

  it('marks a failed upload as an error that is not sent and does not count towards the limit', async () => {
    fakeUploads({ failing: ['broken.png'] });
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addFiles([png('broken.png')]));
    await waitFor(() => expect(result.current.attachments[0]?.status).toBe('error'));
    expect(result.current.attachments[0]?.error).toBe('Upload failed');
    expect(result.current.keys).toEqual([]);
    expect(result.current.busy).toBe(false);

    act(() => result.current.addFiles(['1.png', '2.png', '3.png', '4.png'].map(png)));
    await waitFor(() => expect(result.current.keys).toHaveLength(4));
    expect(result.current.attachments).toHaveLength(5);
  });

  it('refuses a file the API does not take, with its answer', async () => {
    fakeUploads();
    server.use(answer(endpoints.createUpload, () => refusal('bad_request', 'content_type: not an image')));
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addFiles([png('a.png')]));
    await waitFor(() => expect(result.current.attachments[0]?.status).toBe('error'));
    expect(result.current.keys).toEqual([]);
  });

  it('attaches at most four references, files and video links together', async () => {
    const stored = fakeUploads();
    const asked = fakeThumbnails();
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addFiles(['1.png', '2.png', '3.png'].map(png)));
    act(() => result.current.addFiles(['4.png', '5.png'].map(png)));
    expect(result.current.attachments.map(({ source }) => source)).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
    ]);
    act(() => result.current.addVideoLink(LINK));
    await waitFor(() => expect(result.current.keys).toHaveLength(4));
    expect(stored).toHaveLength(4);
    expect(asked).toEqual([]);
    expect(result.current.knows(LINK)).toBe(true);
  });
});

describe('useAttachments: video links', () => {
  it('sends video thumbnails before uploaded images, so the thumbnails of links come first', async () => {
    fakeUploads();
    fakeThumbnails();
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addFiles([png('car.png')]));
    act(() => result.current.addVideoLink(LINK));
    await waitFor(() => expect(result.current.keys).toHaveLength(2));
    expect(result.current.keys).toEqual(['videos/dQw4w9WgXcQ', 'uploads/1']);
  });

  it('fetches a link once and attaches its thumbnail', async () => {
    const asked = fakeThumbnails();
    const { result } = renderWithQueries(useAttachments);
    act(() => {
      result.current.addVideoLink(LINK);
      result.current.addVideoLink(LINK);
    });
    expect(result.current.attachments).toMatchObject([{ kind: 'video', source: LINK, status: 'loading' }]);
    expect(result.current.busy).toBe(true);
    await waitFor(() => expect(result.current.attachments[0]?.status).toBe('ready'));
    act(() => result.current.addVideoLink(LINK));
    expect(asked).toEqual([LINK]);
    expect(result.current.keys).toEqual(['videos/dQw4w9WgXcQ']);
    expect(result.current.previewUrls).toEqual([`${STORAGE}/thumbs/dQw4w9WgXcQ.jpg`]);
  });

  it('shows a refused link as an error, left out of the message and dropped once gone from the text', async () => {
    fakeThumbnails();
    const invalid = 'https://youtu.be/invalid';
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addVideoLink(invalid));
    await waitFor(() => expect(result.current.attachments[0]?.status).toBe('error'));
    expect(result.current.attachments[0]?.error).toBe(INVALID_VIDEO_LINK_TEXT);
    expect(result.current.keys).toEqual([]);
    act(() => result.current.syncWithText(`look at ${invalid}`));
    expect(result.current.attachments).toHaveLength(1);
    act(() => result.current.syncWithText('look at this'));
    expect(result.current.attachments).toEqual([]);
  });

  it('does not fetch a removed link again while it stays in the text', async () => {
    const asked = fakeThumbnails();
    const { result, rerender } = renderWithQueries(
      ({ text }: { text: string }) => {
        const attachments = useAttachments();
        const links = useVideoLinks(text, attachments);
        return { attachments, links };
      },
      { initialProps: { text: '' } },
    );
    act(() => result.current.links.onPaste(LINK));
    rerender({ text: `Like this: ${LINK}` });
    await waitFor(() => expect(result.current.attachments.keys).toHaveLength(1));
    const id = result.current.attachments.attachments[0]?.id ?? '';
    act(() => result.current.attachments.remove(id));
    expect(result.current.attachments.attachments).toEqual([]);

    rerender({ text: `Like this: ${LINK} but brighter` });
    act(() => {
      expect(result.current.links.detectNow(`Like this: ${LINK} but brighter`)).toBe(false);
      result.current.links.onPaste(LINK);
    });
    expect(result.current.attachments.attachments).toEqual([]);
    expect(asked).toEqual([LINK]);

    act(() => result.current.attachments.syncWithText('no link any more'));
    act(() => result.current.links.onPaste(LINK));
    await waitFor(() => expect(asked).toEqual([LINK, LINK]));
  });

  it('forgets everything on clear, so the next message can use the same link', async () => {
    const asked = fakeThumbnails();
    const { result } = renderWithQueries(useAttachments);
    act(() => result.current.addVideoLink(LINK));
    await waitFor(() => expect(result.current.keys).toHaveLength(1));
    act(() => result.current.remove(result.current.attachments[0]?.id ?? ''));
    act(() => result.current.clear());
    act(() => result.current.addVideoLink(LINK));
    await waitFor(() => expect(result.current.keys).toHaveLength(1));
    expect(asked).toEqual([LINK, LINK]);
  });
});
