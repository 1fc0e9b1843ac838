import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Message } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Call, callAs } from '../support/api';
import { makeImage, newConversation } from '../support/images';
import { waitForSettled } from '../support/jobs';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return callAs(baseUrl, user.accessToken);
}

/** A client of the local cloud's DynamoDB, for what the API does not show; destroyed after `use`. */
async function withTables<T>(use: (client: DynamoDBDocumentClient) => Promise<T>): Promise<T> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: runtime.dynamodbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** Whether the local cloud's `shares` table still holds the link with this token. */
const shareItemExists = (token: string): Promise<boolean> =>
  withTables(async (client) => {
    const { Item } = await client.send(
      new GetCommand({ TableName: 'shares', Key: { token }, ConsistentRead: true }),
    );
    return Item !== undefined;
  });

/** A link as one made before variations was stored: no image index, the message's first image. */
const storeLinkFromBeforeVariations = (image: Message, token: string) =>
  withTables(async (client) => {
    await client.send(
      new PutCommand({
        TableName: 'shares',
        Item: {
          token,
          user_id: image.user_id,
          conversation_id: image.conversation_id,
          message_id: image.id,
          created_at: new Date().toISOString(),
        },
      }),
    );
    await client.send(
      new UpdateCommand({
        TableName: 'messages',
        Key: { conversation_id: image.conversation_id, id: image.id },
        UpdateExpression: 'SET share_token = :t',
        ExpressionAttributeValues: { ':t': token },
      }),
    );
  });

/** A page as anyone gets it: no token, redirects not followed. */
const visit = (path: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual' });
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('sharing an image', () => {
  let owner: Call;
  let other: Call;
  let image: Message;
  let conversationId: string;
  beforeAll(async () => {
    owner = await newUser('sharer');
    other = await newUser('sharer-other');
    conversationId = await newConversation(owner);
    image = await makeImage(owner, conversationId, 'A castle <b>on a "hill"</b> & a dragon');
  });

  it('makes an unguessable link, the same one when asked again, marked on the message', async () => {
    const made = await owner('shareImage', { params: { id: image.id } });
    expect(made.status).toBe(200);
    // 24 random bytes in base64url: 192 bits.
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await owner('shareImage', { params: { id: image.id } })).body.token).toBe(made.body.token);
    expect((await owner('getMessage', { params: { id: image.id } })).body.message.share_token).toBe(
      made.body.token,
    );
  });

  it('serves anyone a page with Open Graph tags and a picture that works without signing in', async () => {
    const { token } = (await owner('shareImage', { params: { id: image.id } })).body;
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

    // The picture itself, from the API: never a storage URL, and kept by no cache.
    const picture = await visit(imageUrl.slice(baseUrl.length));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe('no-store');
    const meta = await sharp(new Uint8Array(await picture.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('lets only the owner share or revoke, and refuses a message that is no image', async () => {
    expect((await other('shareImage', { params: { id: image.id } })).status).toBe(404);
    expect((await other('unshareImage', { params: { id: image.id } })).status).toBe(404);
    expect((await callAs(baseUrl, undefined)('shareImage', { params: { id: image.id } })).status).toBe(401);
    const { messages } = (await owner('listMessages', { params: { id: conversationId } })).body;
    const prompt = (messages as Message[]).find((message) => message.role === 'user');
    expect((await owner.raw('POST', `/api/messages/${prompt?.id}/share`)).status).toBe(404);
  });

  it('revoking makes the page and the picture 404 at once; sharing again makes a new link', async () => {
    const { token } = (await owner('shareImage', { params: { id: image.id } })).body;
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);
    // Where a visitor got the picture from before the revoke (redirects followed, as a browser does).
    const seen = await fetch(`${baseUrl}/api/shared/${token}/image`);
    expect(seen.status).toBe(200);

    expect((await owner('unshareImage', { params: { id: image.id } })).status).toBe(204);
    const gone = await visit(`/api/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await gone.text()).toContain('no longer shared');
    expect((await visit(`/api/shared/${token}/image`)).status).toBe(404);
    // That address too: nothing handed out before the revoke still shows the picture.
    expect((await fetch(seen.url)).status).toBe(404);
    expect((await owner('getMessage', { params: { id: image.id } })).body.message.share_token).toBeNull();
    // Revoking twice is no error.
    expect((await owner('unshareImage', { params: { id: image.id } })).status).toBe(204);

    const again = (await owner('shareImage', { params: { id: image.id } })).body.token;
    expect(again).not.toBe(token);
    expect((await visit(`/api/shared/${again}`)).status).toBe(200);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
  });

  it('answers 404 for a token that never existed, and once the conversation is deleted (its links deleted too)', async () => {
    expect((await visit(`/api/shared/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await visit('/api/shared/not%20a%20token')).status).toBe(404);
    const { token } = (await owner('shareImage', { params: { id: image.id } })).body;
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);
    expect(await shareItemExists(token)).toBe(true);
    expect((await owner('deleteConversation', { params: { id: conversationId } })).status).toBe(204);
    // The link goes with the conversation, not only its page.
    expect(await shareItemExists(token)).toBe(false);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
    expect((await visit(`/api/shared/${token}/image`)).status).toBe(404);
  });
});

describe('sharing one variation of an answer', () => {
  let owner: Call;
  let answer: Message;
  beforeAll(async () => {
    owner = await newUser('variation-sharer');
    const conversationId = await newConversation(owner);
    const sent = await owner('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'A red fox "FAST", three ways',
        variations: 3,
      },
    });
    expect(sent.status).toBe(202);
    answer = await waitForSettled(owner, sent.body.assistantMessage.id);
    expect(answer.images).toHaveLength(3);
  });

  const bytesOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer()).toString('base64');
  const jpegUrlOf = async (index: number): Promise<string> =>
    (await owner('getDownload', { params: { id: answer.id, format: 'jpeg' }, query: { image: index } })).body
      .url;
  const jpegOf = async (index: number) => bytesOf(await fetch(await jpegUrlOf(index)));
  const pictureOf = async (token: string) => bytesOf(await visit(`/api/shared/${token}/image`));
  /** The path of a signed URL: the stored object it points at. */
  const objectOf = async (index: number) => new URL(await jpegUrlOf(index)).pathname;

  it('gives each variation a link of its own, whose page shows that variation', async () => {
    const second = await owner('shareImage', { params: { id: answer.id }, query: { image: '1' } });
    expect(second.status).toBe(200);
    expect(second.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await owner('shareImage', { params: { id: answer.id }, query: { image: '1' } })).body.token).toBe(
      second.body.token,
    );
    const first = (await owner('shareImage', { params: { id: answer.id } })).body.token;
    expect(first).not.toBe(second.body.token);

    const { message } = (await owner('getMessage', { params: { id: answer.id } })).body;
    expect(message.share_token).toBe(first);
    expect(message.images.map((image: { share_token: string | null }) => image.share_token)).toEqual([
      first,
      second.body.token,
      null,
    ]);
    expect(message).not.toHaveProperty('share_token_1');

    expect((await visit(`/api/shared/${second.body.token}`)).status).toBe(200);
    expect(await pictureOf(second.body.token)).toBe(await jpegOf(1));
    expect(await pictureOf(first)).toBe(await jpegOf(0));
    expect(await objectOf(1)).not.toBe(await objectOf(0));
  });

  it('revokes one variation without the others, and refuses an image the answer does not have', async () => {
    const first = (await owner('shareImage', { params: { id: answer.id } })).body.token;
    const third = (await owner('shareImage', { params: { id: answer.id }, query: { image: '2' } })).body
      .token;
    expect((await owner('unshareImage', { params: { id: answer.id }, query: { image: '2' } })).status).toBe(
      204,
    );
    expect((await visit(`/api/shared/${third}`)).status).toBe(404);
    expect((await visit(`/api/shared/${third}/image`)).status).toBe(404);
    expect((await visit(`/api/shared/${first}`)).status).toBe(200);
    const { message } = (await owner('getMessage', { params: { id: answer.id } })).body;
    expect(message.images[2].share_token).toBeNull();
    expect(message.share_token).toBe(first);

    for (const image of ['3', '-1', 'two']) {
      expect((await owner('shareImage', { params: { id: answer.id }, query: { image } })).status).toBe(404);
      expect((await owner('unshareImage', { params: { id: answer.id }, query: { image } })).status).toBe(404);
    }
  });

  it("deletes every variation's link with the conversation", async () => {
    const tokens = await Promise.all(
      [0, 1, 2].map(
        async (index) =>
          (await owner('shareImage', { params: { id: answer.id }, query: { image: index } })).body.token,
      ),
    );
    expect(new Set(tokens).size).toBe(3);
    expect((await owner('deleteConversation', { params: { id: answer.conversation_id } })).status).toBe(204);
    for (const token of tokens) {
      expect(await shareItemExists(token)).toBe(false);
      expect((await visit(`/api/shared/${token}`)).status).toBe(404);
    }
  });
});

describe('a link made before variations', () => {
  it('still shows its image, and revoking it still works', async () => {
    const owner = await newUser('old-link');
    const image = await makeImage(owner, await newConversation(owner), 'An old shared thumbnail');
    const token = 'B'.repeat(32);
    await storeLinkFromBeforeVariations(image, token);
    expect((await visit(`/api/shared/${token}`)).status).toBe(200);
    expect((await owner('shareImage', { params: { id: image.id } })).body.token).toBe(token);
    expect((await owner('unshareImage', { params: { id: image.id } })).status).toBe(204);
    expect((await visit(`/api/shared/${token}`)).status).toBe(404);
    expect(await shareItemExists(token)).toBe(false);
  });
});

describe('making links', () => {
  it('is limited per user like other writes: a burst gets 429 with Retry-After', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'share-burst');
    const owner = callAs(baseUrl, user.accessToken);
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
