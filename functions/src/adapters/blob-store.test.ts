import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * S3 as a function without the right to list the bucket sees it: every key, there or not,
 * answers 403 (a HEAD with no body, a GET with an AccessDenied document).
 */
let server: Server;
let store: typeof import('./blob-store');
beforeAll(async () => {
  server = createServer((request, response) => {
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
