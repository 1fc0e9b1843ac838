import { describe, expect, it } from 'vitest';
import { useVideoHosts } from '../../../tests/support/video-hosts';
import { fetchVideoTitle, watchUrl } from './video-titles';

const ID = 'dQw4w9WgXcQ';
const sites = useVideoHosts();
const fetchTitle = (overrides = {}) =>
  fetchVideoTitle(ID, {
    oembedUrl: sites.host.oembedUrl,
    timeoutMs: 2_000,
    maxBytes: 16 * 1024,
    ...overrides,
  });
const json = (text: string) => ({ contentType: 'application/json', body: new TextEncoder().encode(text) });

describe('fetchVideoTitle', () => {
  it("reads the video's title from the oEmbed endpoint, asked about its watch link as JSON", async () => {
    sites.host.serveTitle(ID, '  How I Built a Cabin in 30 Days ');

    expect(await fetchTitle()).toEqual({ ok: true, title: 'How I Built a Cabin in 30 Days' });
    const asked = new URL(sites.host.requests[0]?.path ?? '', sites.host.origin);
    expect(asked.pathname).toBe('/oembed');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ url: watchUrl(ID), format: 'json' });
  });

  it('reports not-found for a video the endpoint does not know', async () => {
    expect(await fetchTitle()).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('refuses an endpoint off the allow-list reached by a redirect, without fetching there', async () => {
    sites.host.serve('/oembed', {
      status: 302,
      headers: { location: `${sites.elsewhere.oembedUrl}?url=x&format=json` },
    });
    sites.elsewhere.serveTitle(ID, 'Elsewhere');

    expect(await fetchTitle()).toMatchObject({ ok: false, reason: 'refused' });
    expect(sites.elsewhere.requests).toHaveLength(0);
  });

  it('refuses an id that is not a video id, without any request', async () => {
    expect(await fetchVideoTitle('../../etc', { oembedUrl: sites.host.oembedUrl })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect(sites.host.requests).toHaveLength(0);
  });

  it('refuses an answer that is not JSON, or JSON without a title', async () => {
    sites.host.serve('/oembed', json('<html>nope</html>'));
    expect(await fetchTitle()).toMatchObject({ ok: false, reason: 'unavailable', detail: /not JSON/ });

    sites.host.serve('/oembed', json(JSON.stringify({ title: '   ', author_name: 'x' })));
    expect(await fetchTitle()).toMatchObject({ ok: false, reason: 'unavailable', detail: /no title/ });
  });

  it('caps the size, both declared and while streaming', async () => {
    const big = json(JSON.stringify({ title: 'x'.repeat(40 * 1024) }));
    sites.host.serve('/oembed', big);
    expect(await fetchTitle()).toMatchObject({ ok: false, detail: /larger than 16384 bytes/ });

    sites.host.serve('/oembed', { ...big, chunked: true });
    expect(await fetchTitle()).toMatchObject({ ok: false, detail: /larger than 16384 bytes/ });
  });

  it('gives up at the timeout', async () => {
    sites.host.serve('/oembed', { stall: true });
    const started = Date.now();

    expect(await fetchTitle({ timeoutMs: 150 })).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
