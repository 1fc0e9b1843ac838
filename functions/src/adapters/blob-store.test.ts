import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The SDK's presigner, counted: a URL answered again must not be signed again.
const presigner = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./s3-sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('./s3-sdk')>();
  return {
    ...sdk,
    getSignedUrl: (...args: Parameters<typeof sdk.getSignedUrl>) => {
      presigner.calls++;
      return sdk.getSignedUrl(...args);
    },
  };
});

/**
 * S3 as a function without the right to list the bucket sees it: every key, there or not,
 * answers 403 (a HEAD with no body, a GET with an AccessDenied document).
 */
let server: Server;
let store: typeof import('./blob-store');
/** The puts the fake storage took: their paths, headers and bodies. */
const puts: { url: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'PUT') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        puts.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(200, { etag: '"e"' }).end();
      });
      return;
    }
    response.writeHead(403, { 'content-type': 'application/xml' });
    if (request.method === 'HEAD') return response.end();
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    IMAGES_BUCKET: 'images',
    S3_FORCE_PATH_STYLE: 'true',
  });
  store = await import('./blob-store');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('blob store without the right to list the bucket', () => {
  it("takes S3's 403 for a key as a missing object, on a read and on a size check", async () => {
    await expect(store.getBlob('uploads/u1/missing')).resolves.toBeUndefined();
    await expect(store.blobSize('uploads/u1/missing')).resolves.toBeUndefined();
  });
});

describe('putBlob', () => {
  it('sends the body unhashed: its signature covers the UNSIGNED-PAYLOAD marker, the bytes arrive whole', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
    await store.putBlob('images/u1/j1/1/original.png', bytes, 'image/png');
    const put = puts.at(-1);
    expect(put?.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(String(put?.headers.authorization)).toMatch(/SignedHeaders=[^,]*x-amz-content-sha256/);
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.body.equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('pending copies', () => {
  it('are stored with the pending tag the lifecycle rule expires, and kept by removing every tag', async () => {
    await store.putBlob('refs/u1/r1.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg', { pending: true });
    expect(puts.at(-1)?.headers['x-amz-tagging']).toBe('pending=true');
    await store.putBlob('refs/u1/r2.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    expect(puts.at(-1)?.headers['x-amz-tagging']).toBeUndefined();

    await store.keepBlobs(['refs/u1/r1.jpg']);
    const kept = puts.at(-1);
    expect(kept?.url).toMatch(/^\/images\/refs\/u1\/r1\.jpg\?tagging=?$/);
    expect(kept?.body.toString()).toMatch(/<TagSet\s*\/>|<TagSet><\/TagSet>/);
  });
});

describe('signedGetUrl', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs a key once per signing window: later asks get the same URL without signing, a new window signs anew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:05:00Z'));
    const before = presigner.calls;
    const first = await store.signedGetUrl('images/u1/j1/0/preview-480.webp');
    expect(await store.signedGetUrl('images/u1/j1/0/preview-480.webp')).toBe(first);
    expect(presigner.calls - before).toBe(1);
    // Another key, or the same key saved under a name, is a URL of its own.
    const named = await store.signedGetUrl('images/u1/j1/0/preview-480.webp', 'thumbnail.webp');
    expect(named).not.toBe(first);
    expect(new URL(named).searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="thumbnail.webp"',
    );
    expect(presigner.calls - before).toBe(2);

    vi.setSystemTime(new Date('2026-11-27T11:00:01Z'));
    const next = await store.signedGetUrl('images/u1/j1/0/preview-480.webp');
    expect(new URL(first).searchParams.get('X-Amz-Date')).toBe('20261127T100000Z');
    expect(new URL(next).searchParams.get('X-Amz-Date')).toBe('20261127T110000Z');
    expect(presigner.calls - before).toBe(3);
  });
});
