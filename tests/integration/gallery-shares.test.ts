import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Message } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForSettled } from '../support/jobs';
import { repoRoot } from '../support/local-cloud-process';
import { apiAs, signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
type Api = ReturnType<typeof apiAs>;

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return apiAs(baseUrl, user.accessToken);
}

const newConversation = async (api: Api) =>
  (await api('POST', '/api/conversations', {})).body.conversation.id as string;

/** Sends a prompt and waits for its image; the settled assistant message. */
async function makeImage(api: Api, conversationId: string, content: string): Promise<Message> {
  const sent = await api('POST', `/api/conversations/${conversationId}/messages`, { content });
  expect(sent.status).toBe(202);
  const settled: Message = await waitForSettled(api, sent.body.assistantMessage.id);
  expect(settled.is_image_message).toBe(true);
  return settled;
}

/** A page as anyone gets it: no token, redirects not followed. */
const visit = (path: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual' });
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('the gallery', () => {
  let owner: Api;
  let other: Api;
  let first: Message;
  let second: Message;
  let third: Message;
  let firstConversation: string;
  beforeAll(async () => {
    owner = await newUser('gallery');
    other = await newUser('gallery-other');
    firstConversation = await newConversation(owner);
    const secondConversation = await newConversation(owner);
    // 3 initial credits: three images in two conversations.
    first = await makeImage(owner, firstConversation, 'A red fox jumping over "FAST"');
    second = await makeImage(owner, secondConversation, 'A blue whale at sunset');
    third = await makeImage(owner, firstConversation, 'Make the fox orange');
  });

  it("lists the caller's images across conversations, newest first, each with its previews", async () => {
    const { status, body } = await owner('GET', '/api/gallery');
    expect(status).toBe(200);
    expect(body.images.map((image: Message) => image.id)).toEqual([third.id, second.id, first.id]);
    expect(body.next_cursor).toBeUndefined();
    for (const image of body.images as Message[]) {
      expect(image).toMatchObject({
        role: 'assistant',
        status: 'done',
        is_image_message: true,
        image_url: expect.any(String),
        downloads: ['jpeg', 'png'],
        share_token: null,
      });
      expect(image.image_sources?.map((source) => source.width)).toEqual([480, 960, 1280]);
    }
    expect(new Set(body.images.map((image: Message) => image.conversation_id)).size).toBe(2);
  });

  it('pages from a cursor, and refuses a cursor that is no image id', async () => {
    const { body } = await owner('GET', `/api/gallery?cursor=${third.id}`);
    expect(body.images.map((image: Message) => image.id)).toEqual([second.id, first.id]);
    expect((await owner('GET', `/api/gallery?cursor=${encodeURIComponent('a#b')}`)).status).toBe(400);
  });

  it("shows nobody else's images, and needs a signed-in caller", async () => {
    const { status, body } = await other('GET', '/api/gallery');
    expect(status).toBe(200);
    expect(body.images).toEqual([]);
    expect((await apiAs(baseUrl, undefined)('GET', '/api/gallery')).status).toBe(401);
  });
});

describe('sharing an image', () => {
  let owner: Api;
  let other: Api;
  let image: Message;
  let conversationId: string;
  beforeAll(async () => {
    owner = await newUser('sharer');
    other = await newUser('sharer-other');
    conversationId = await newConversation(owner);
    image = await makeImage(owner, conversationId, 'A castle <b>on a "hill"</b> & a dragon');
  });

  it('makes an unguessable link, the same one when asked again, marked on the message', async () => {
    const made = await owner('POST', `/api/messages/${image.id}/share`);
    expect(made.status).toBe(200);
    // 24 random bytes in base64url: 192 bits.
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await owner('POST', `/api/messages/${image.id}/share`)).body.token).toBe(made.body.token);
    expect((await owner('GET', `/api/messages/${image.id}`)).body.message.share_token).toBe(made.body.token);
  });

  it('serves anyone a page with Open Graph tags and a picture that works without signing in', async () => {
    const { token } = (await owner('POST', `/api/messages/${image.id}/share`)).body;
    const page = await visit(`/api/shared/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(metaContent(html, 'og:title')).toBe(
      'A castle &lt;b&gt;on a &quot;hill&quot;&lt;/b&gt; &amp; a dragon',
    );
    expect(html).not.toContain('<b>');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const imageUrl = metaContent(html, 'og:image') ?? '';
    expect(imageUrl).toBe(`${baseUrl}/api/shared/${token}/image`);

    const redirect = await fetch(imageUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    const picture = await fetch(redirect.headers.get('location') ?? '');
    expect(picture.status).toBe(200);
    const meta = await sharp(new Uint8Array(await picture.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('lets only the owner share or revoke, and refuses a message that is no image', async () => {
    expect((await other('POST', `/api/messages/${image.id}/share`)).status).toBe(404);
    expect((await other('DELETE', `/api/messages/${image.id}/share`)).status).toBe(404);
    expect((await apiAs(baseUrl, undefined)('POST', `/api/messages/${image.id}/share`)).status).toBe(401);
    const { messages } = (await owner('GET', `/api/conversations/${conversationId}/messages`)).body;
    const prompt = (messages as Message[]).find((message) => message.role === 'user');
    expect((await owner('POST', `/api/messages/${prompt?.id}/share`)).status).toBe(404);
  });

  it('revoking makes the page and the picture 404 at once; sharing again makes a new link', async () => {
    const { token } = (await owner('POST', `/api/messages/${image.id}/share`)).body;
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);

    expect((await owner('DELETE', `/api/messages/${image.id}/share`)).status).toBe(204);
    const gone = await visit(`/api/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await gone.text()).toContain('no longer shared');
    expect((await visit(`/api/shared/${token}/image`)).status).toBe(404);
    expect((await owner('GET', `/api/messages/${image.id}`)).body.message.share_token).toBeNull();
    // Revoking twice is no error.
    expect((await owner('DELETE', `/api/messages/${image.id}/share`)).status).toBe(204);

    const again = (await owner('POST', `/api/messages/${image.id}/share`)).body.token;
    expect(again).not.toBe(token);
    expect((await visit(`/api/shared/${again}`)).status).toBe(200);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
  });

  it('answers 404 for a token that never existed, and once the conversation is deleted', async () => {
    expect((await visit(`/api/shared/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await visit('/api/shared/not%20a%20token')).status).toBe(404);
    const { token } = (await owner('POST', `/api/messages/${image.id}/share`)).body;
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);
    expect((await owner('DELETE', `/api/conversations/${conversationId}`)).status).toBe(204);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
    expect((await visit(`/api/shared/${token}/image`)).status).toBe(404);
  });
});

/** Takes an image out of the gallery's index, as an image made before the index existed is. */
async function forgetGalleryMark(image: Message) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: runtime.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  await client.send(
    new UpdateCommand({
      TableName: 'messages',
      Key: { conversation_id: image.conversation_id, id: image.id },
      UpdateExpression: 'REMOVE gallery_user_id',
    }),
  );
  client.destroy();
}

/** Runs `npm run backfill-gallery` against the test run's local cloud, to its exit. */
async function runBackfill() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/backfill-gallery.ts', '--data-dir', inject('dataDir')],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('images made before the gallery', () => {
  it('are listed once the backfill has marked them, and a second run changes nothing', async () => {
    const owner = await newUser('backfill');
    const image = await makeImage(owner, await newConversation(owner), 'An old thumbnail');
    await forgetGalleryMark(image);
    expect((await owner('GET', '/api/gallery')).body.images).toEqual([]);

    const first = await runBackfill();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/[1-9]\d* images added to the gallery/);
    const listed = (await owner('GET', '/api/gallery')).body.images as Message[];
    expect(listed.map((listedImage) => listedImage.id)).toEqual([image.id]);

    const second = await runBackfill();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(' 0 images added to the gallery');
  });
});

describe('making links', () => {
  it('is limited per user like other writes: a burst gets 429 with Retry-After', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'share-burst');
    const owner = apiAs(baseUrl, user.accessToken);
    const image = await makeImage(owner, await newConversation(owner), 'A burst of shares');
    // One more than two windows of the default 20 a minute, so a window boundary can't hide the limit.
    const answers = await Promise.all(
      Array.from({ length: 41 }, () =>
        fetch(`${baseUrl}/api/messages/${image.id}/share`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.accessToken}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Every link made in the burst is the same one.
    const tokens = await Promise.all(
      answers.filter((answer) => answer.status === 200).map(async (answer) => (await answer.json()).token),
    );
    expect(new Set(tokens).size).toBe(1);
  });
});
