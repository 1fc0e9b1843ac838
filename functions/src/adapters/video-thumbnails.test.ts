import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../tests/fakes/fake-http';
import { useVideoHosts } from '../../../tests/support/video-hosts';
import { fetchVideoThumbnail } from './video-thumbnails';

const ID = 'dQw4w9WgXcQ';
const sites = useVideoHosts();
const fetchThumbnail = (overrides = {}) =>
  fetchVideoThumbnail(ID, { baseUrl: sites.host.url, timeoutMs: 2_000, maxBytes: 1024 * 1024, ...overrides });
const paths = () => sites.host.requests.map((request) => request.path);

describe('fetchVideoThumbnail', () => {
  it('takes maxres when it exists', async () => {
    const maxres = await makeJpeg(1280, 720);
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: maxres });

    const result = await fetchThumbnail();

    expect(result).toEqual({
      ok: true,
      image: { bytes: maxres, mimeType: 'image/jpeg' },
      url: `${sites.host.url}/${ID}/maxresdefault.jpg`,
    });
    expect(paths()).toEqual([`/vi/${ID}/maxresdefault.jpg`]);
  });

  it('falls back from a missing maxres to sd', async () => {
    sites.host.serve(`/vi/${ID}/sddefault.jpg`, { body: await makeJpeg(640, 480) });

    const result = await fetchThumbnail();

    expect(result.ok && result.url).toBe(`${sites.host.url}/${ID}/sddefault.jpg`);
    expect(paths()).toEqual([`/vi/${ID}/maxresdefault.jpg`, `/vi/${ID}/sddefault.jpg`]);
  });

  it('skips the 120x90 placeholder served with 200, then a missing sd, down to hq', async () => {
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: await makeJpeg(120, 90) });
    sites.host.serve(`/vi/${ID}/hqdefault.jpg`, { body: await makeJpeg(480, 360) });

    const result = await fetchThumbnail();

    expect(result.ok && result.url).toBe(`${sites.host.url}/${ID}/hqdefault.jpg`);
    expect(result.ok && (await sharp(result.image.bytes).metadata()).width).toBe(480);
    expect(paths()).toHaveLength(3);
  });

  it('reports not-found when no size exists', async () => {
    expect(await fetchThumbnail()).toMatchObject({ ok: false, reason: 'not-found' });
    expect(paths()).toHaveLength(3);
  });

  it('skips answers that are not images', async () => {
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, {
      body: new TextEncoder().encode('<html>'),
      contentType: 'text/html',
    });
    sites.host.serve(`/vi/${ID}/sddefault.jpg`, {
      body: new TextEncoder().encode('nope'),
      contentType: 'image/jpeg',
    });
    sites.host.serve(`/vi/${ID}/hqdefault.jpg`, { body: await makeJpeg(480, 360) });

    const result = await fetchThumbnail();
    expect(result.ok && result.url).toBe(`${sites.host.url}/${ID}/hqdefault.jpg`);
  });

  it('follows a redirect on the allow-list but refuses one off it, without fetching there', async () => {
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, {
      status: 302,
      headers: { location: `/vi/${ID}/moved.jpg` },
    });
    sites.host.serve(`/vi/${ID}/moved.jpg`, { body: await makeJpeg(1280, 720) });
    expect((await fetchThumbnail()).ok).toBe(true);

    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, {
      status: 302,
      headers: { location: `${sites.elsewhere.url}/${ID}/x.jpg` },
    });
    sites.elsewhere.serve(`/vi/${ID}/x.jpg`, { body: await makeJpeg(1280, 720) });
    expect(await fetchThumbnail()).toMatchObject({ ok: false, reason: 'refused' });
    expect(sites.elsewhere.requests).toHaveLength(0);
  });

  it('refuses an id that is not a video id, without any request', async () => {
    expect(await fetchVideoThumbnail('../../etc', { baseUrl: sites.host.url })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect(paths()).toHaveLength(0);
  });

  it('caps the size, both declared and while streaming', async () => {
    const big = new Uint8Array(300 * 1024).fill(7);
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: big });
    sites.host.serve(`/vi/${ID}/sddefault.jpg`, { body: big, chunked: true });
    sites.host.serve(`/vi/${ID}/hqdefault.jpg`, { body: big, chunked: true });

    const result = await fetchThumbnail({ maxBytes: 100 * 1024 });

    expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(result.ok ? '' : result.detail).toMatch(/larger than 102400 bytes.*larger than.*larger than/);
  });

  it('gives up on a stalled size at the timeout and moves on', async () => {
    sites.host.serve(`/vi/${ID}/maxresdefault.jpg`, { stall: true });
    sites.host.serve(`/vi/${ID}/sddefault.jpg`, { body: await makeJpeg(640, 480) });

    const result = await fetchThumbnail({ timeoutMs: 150 });

    expect(result.ok && result.url).toBe(`${sites.host.url}/${ID}/sddefault.jpg`);
  });
});
