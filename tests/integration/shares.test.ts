import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Message } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeImage, newConversation } from '../support/images';
import { apiAs, signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
type Api = ReturnType<typeof apiAs>;

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return apiAs(baseUrl, user.accessToken);
}

/** Whether the local cloud's `shares` table still holds the link with this token. */
async function shareItemExists(token: string): Promise<boolean> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: runtime.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const { Item } = await client.send(
    new GetCommand({ TableName: 'shares', Key: { token }, ConsistentRead: true }),
  );
  client.destroy();
  return Item !== undefined;
}

/** A page as anyone gets it: no token, redirects not followed. */
const visit = (path: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual' });
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

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

  it('answers 404 for a token that never existed, and once the conversation is deleted (its links deleted too)', async () => {
    expect((await visit(`/api/shared/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await visit('/api/shared/not%20a%20token')).status).toBe(404);
    const { token } = (await owner('POST', `/api/messages/${image.id}/share`)).body;
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);
    expect(await shareItemExists(token)).toBe(true);
    expect((await owner('DELETE', `/api/conversations/${conversationId}`)).status).toBe(204);
    // The link goes with the conversation, not only its page.
    expect(await shareItemExists(token)).toBe(false);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
    expect((await visit(`/api/shared/${token}/image`)).status).toBe(404);
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
      answers
        .filter((answer) => answer.status === 200)
        .map(async (answer) => ((await answer.json()) as { token: string }).token),
    );
    expect(new Set(tokens).size).toBe(1);
  });
});
