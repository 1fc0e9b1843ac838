import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../tests/fakes/fake-http';
import { type FakeVideoImageHost, startVideoImageHost } from '../../../tests/fakes/video-image-host';
import { fetchVideoThumbnail } from './video-thumbnails';

const ID = 'dQw4w9WgXcQ';
let host: FakeVideoImageHost;
let elsewhere: FakeVideoImageHost;
const fetchThumbnail = (overrides = {}) =>
  fetchVideoThumbnail(ID, { baseUrl: host.url, timeoutMs: 2_000, maxBytes: 1024 * 1024, ...overrides });
const paths = () => host.requests.map((request) => request.path);

beforeAll(async () => {
  [host, elsewhere] = await Promise.all([startVideoImageHost(), startVideoImageHost()]);
});
afterAll(() => Promise.all([host.stop(), elsewhere.stop()]));
beforeEach(() => {
  host.reset();
  elsewhere.reset();
});

describe('fetchVideoThumbnail', () => {
  it('takes maxres when it exists', async () => {
    const maxres = await makeJpeg(1280, 720);
    host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: maxres });

    const result = await fetchThumbnail();

    expect(result).toEqual({
      ok: true,
      image: { bytes: maxres, mimeType: 'image/jpeg' },
      url: `${host.url}/${ID}/maxresdefault.jpg`,
    });
    expect(paths()).toEqual([`/vi/${ID}/maxresdefault.jpg`]);
  });

  it('falls back from a missing maxres to sd', async () => {
    host.serve(`/vi/${ID}/sddefault.jpg`, { body: await makeJpeg(640, 480) });

    const result = await fetchThumbnail();

    expect(result.ok && result.url).toBe(`${host.url}/${ID}/sddefault.jpg`);
    expect(paths()).toEqual([`/vi/${ID}/maxresdefault.jpg`, `/vi/${ID}/sddefault.jpg`]);
  });

  it('skips the 120x90 placeholder served with 200, then a missing sd, down to hq', async () => {
    host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: await makeJpeg(120, 90) });
    host.serve(`/vi/${ID}/hqdefault.jpg`, { body: await makeJpeg(480, 360) });

    const result = await fetchThumbnail();

    expect(result.ok && result.url).toBe(`${host.url}/${ID}/hqdefault.jpg`);
    expect(result.ok && (await sharp(result.image.bytes).metadata()).width).toBe(480);
    expect(paths()).toHaveLength(3);
  });

  it('reports not-found when no size exists', async () => {
    expect(await fetchThumbnail()).toMatchObject({ ok: false, reason: 'not-found' });
    expect(paths()).toHaveLength(3);
  });

  it('skips answers that are not images', async () => {
    host.serve(`/vi/${ID}/maxresdefault.jpg`, {
      body: new TextEncoder().encode('<html>'),
      contentType: 'text/html',
    });
    host.serve(`/vi/${ID}/sddefault.jpg`, {
      body: new TextEncoder().encode('nope'),
      contentType: 'image/jpeg',
    });
    host.serve(`/vi/${ID}/hqdefault.jpg`, { body: await makeJpeg(480, 360) });

    const result = await fetchThumbnail();
    expect(result.ok && result.url).toBe(`${host.url}/${ID}/hqdefault.jpg`);
  });

  it('follows a redirect on the allow-list but refuses one off it, without fetching there', async () => {
    host.serve(`/vi/${ID}/maxresdefault.jpg`, { status: 302, headers: { location: `/vi/${ID}/moved.jpg` } });
    host.serve(`/vi/${ID}/moved.jpg`, { body: await makeJpeg(1280, 720) });
    expect((await fetchThumbnail()).ok).toBe(true);

    host.serve(`/vi/${ID}/maxresdefault.jpg`, {
      status: 302,
      headers: { location: `${elsewhere.url}/${ID}/x.jpg` },
    });
    elsewhere.serve(`/vi/${ID}/x.jpg`, { body: await makeJpeg(1280, 720) });
    expect(await fetchThumbnail()).toMatchObject({ ok: false, reason: 'refused' });
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses an id that is not a video id, without any request', async () => {
    expect(await fetchVideoThumbnail('../../etc', { baseUrl: host.url })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect(paths()).toHaveLength(0);
  });

  it('caps the size, both declared and while streaming', async () => {
    const big = new Uint8Array(300 * 1024).fill(7);
    host.serve(`/vi/${ID}/maxresdefault.jpg`, { body: big });
    host.serve(`/vi/${ID}/sddefault.jpg`, { body: big, chunked: true });
    host.serve(`/vi/${ID}/hqdefault.jpg`, { body: big, chunked: true });

    const result = await fetchThumbnail({ maxBytes: 100 * 1024 });

    expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(result.ok ? '' : result.detail).toMatch(/larger than 102400 bytes.*larger than.*larger than/);
  });

  it('gives up on a stalled size at the timeout and moves on', async () => {
    host.serve(`/vi/${ID}/maxresdefault.jpg`, { stall: true });
    host.serve(`/vi/${ID}/sddefault.jpg`, { body: await makeJpeg(640, 480) });

    const result = await fetchThumbnail({ timeoutMs: 150 });

    expect(result.ok && result.url).toBe(`${host.url}/${ID}/sddefault.jpg`);
  });
});
