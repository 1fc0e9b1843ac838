import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { objectExists } from '../support/storage';
import { apiAs, signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return apiAs(baseUrl, user.accessToken);
}

const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff3366' } })
      .png()
      .toBuffer(),
  );

/** PUTs bytes to a presigned upload as a browser would, with the given Content-Type. */
const put = (url: string, body: Uint8Array, contentType: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body });

describe('a presigned upload takes exactly what was declared', () => {
  it('stores the declared bytes of the declared type', async () => {
    const api = await newUser('upload-exact');
    const bytes = await png();
    const grant = await api('POST', '/api/uploads', { content_type: 'image/png', size: bytes.length });
    expect(grant.status).toBe(201);
    expect((await put(grant.body.upload_url, bytes, 'image/png')).status).toBe(200);
    expect(await objectExists(runtime, grant.body.key)).toBe(true);
  });

  it('refuses more bytes than declared, and stores nothing', async () => {
    const api = await newUser('upload-bigger');
    const grant = await api('POST', '/api/uploads', { content_type: 'image/png', size: 1024 });
    const answer = await put(grant.body.upload_url, new Uint8Array(64 * 1024), 'image/png');
    expect(answer.status).toBe(403);
    expect(await objectExists(runtime, grant.body.key)).toBe(false);
  });

  it('refuses another content type than declared, and stores nothing', async () => {
    const api = await newUser('upload-type');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const grant = await api('POST', '/api/uploads', { content_type: 'image/png', size: html.length });
    const answer = await put(grant.body.upload_url, html, 'text/html');
    expect(answer.status).toBe(403);
    expect(await objectExists(runtime, grant.body.key)).toBe(false);
  });
});
