import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { newConversation } from '../support/images';
import { uploadImage } from '../support/jobs';
import { listKeys, objectExists } from '../support/storage';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return callAs(baseUrl, user.accessToken);
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
    const grant = await api('createUpload', { body: { content_type: 'image/png', size: bytes.length } });
    expect(grant.status).toBe(201);
    expect((await put(grant.body.upload_url, bytes, 'image/png')).status).toBe(200);
    expect(await objectExists(runtime, grant.body.key)).toBe(true);
  });

  it('refuses more bytes than declared, and stores nothing', async () => {
    const api = await newUser('upload-bigger');
    const grant = await api('createUpload', { body: { content_type: 'image/png', size: 1024 } });
    const answer = await put(grant.body.upload_url, new Uint8Array(64 * 1024), 'image/png');
    expect(answer.status).toBe(403);
    expect(await objectExists(runtime, grant.body.key)).toBe(false);
  });

  it('refuses another content type than declared, and stores nothing', async () => {
    const api = await newUser('upload-type');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const grant = await api('createUpload', { body: { content_type: 'image/png', size: html.length } });
    const answer = await put(grant.body.upload_url, html, 'text/html');
    expect(answer.status).toBe(403);
    expect(await objectExists(runtime, grant.body.key)).toBe(false);
  });
});

/**
 * A PNG of many pixels that compresses to little: a 6000x6000 one takes a re-encode a while.
 * `truncated` cuts its data short, so decoding it fails, but only most of the way through.
 */
async function largePng({ truncated = false } = {}) {
  const bytes = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  return new Uint8Array(truncated ? bytes.subarray(0, Math.floor(bytes.length * 0.8)) : bytes);
}

/** The folder of the user's reference copies, from one of their upload keys (`uploads/<user>/<id>`). */
const referencesOf = (uploadKey: string) => `refs/${uploadKey.split('/')[1]}/`;

describe('copies of the photos a send attaches', () => {
  it('a send refused for one bad attachment keeps no copy of the good one, and both uploads stay', async () => {
    const api = await newUser('copies-refused');
    const conversationId = await newConversation(api);
    const good = await uploadImage(api, await png());
    // Fails late in its decode, after the good one's copy could have been stored.
    const bad = await uploadImage(api, await largePng({ truncated: true }));
    const refused = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Use these',
        uploaded_images: [good, bad],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/not an image we can use/);
    expect(await listKeys(runtime, referencesOf(good))).toEqual([]);
    // Nothing is lost: the good one can be sent again without the bad one.
    expect(await objectExists(runtime, good)).toBe(true);
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Use this one',
        uploaded_images: [good],
      },
    });
    expect(sent.status).toBe(202);
    expect(await listKeys(runtime, referencesOf(good))).toHaveLength(1);
  });

  it('a send that loses the race with its conversation being deleted keeps no copy', async () => {
    const api = await newUser('copies-race');
    const conversationId = await newConversation(api);
    // One copy is made at once, the other takes a while: the conversation is deleted between.
    const quick = await uploadImage(api, await png());
    const slow = await uploadImage(api, await largePng());
    let answered = false;
    const sending = api('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'Use these',
        uploaded_images: [quick, slow],
      },
    }).finally(() => {
      answered = true;
    });
    // The delete goes as soon as a copy is stored (or the send has answered, if none is seen first).
    while (!answered && (await listKeys(runtime, referencesOf(quick))).length === 0);
    expect((await api('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    const sent = await sending;
    expect([202, 404]).toContain(sent.status);
    // Stored before the delete, the message's copies went with it; refused after, the send's own.
    expect(await listKeys(runtime, referencesOf(quick))).toEqual([]);
  });
});
