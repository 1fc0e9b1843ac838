import {
  COMPARE_COUNT_TEXT,
  COMPARE_DUPLICATE_TEXT,
  COMPARE_DUPLICATE_TITLE_TEXT,
  COMPARE_TITLES_TEXT,
  COMPARE_WINNER_TEXT,
  type CompareTest,
  MAX_VIDEO_TITLE_LENGTH,
  type Message,
} from '@thumbnail-studio/contract';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { removeFromMessage } from '../support/dynamodb';
import { makeImage, newConversation } from '../support/images';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');
const EXPORT_PATH = '/api/exports/test-and-compare';
/** YouTube Studio refuses a thumbnail over 2 MB. */
const YOUTUBE_MAX_BYTES = 2 * 1024 * 1024;

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return { token: user.accessToken, api: callAs(baseUrl, user.accessToken) };
}

/** Asks for the export as the browser does; the answer's bytes as they came. */
async function exportZip(token: string | undefined, images: unknown) {
  const response = await fetch(`${baseUrl}${EXPORT_PATH}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ images }),
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const errorOf = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));
const refs = (...images: Message[]) => images.map((image) => ({ message_id: image.id }));

/** Takes the YouTube JPEG's key off an image, as an image made before that download existed has none. */
const forgetYoutubeJpeg = (image: Message) =>
  removeFromMessage(runtime.dynamodbEndpoint, image, 'image_keys.youtube');

describe('the Test & Compare export', () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  let fox: Message;
  let whale: Message;
  let castle: Message;
  let othersImage: Message;
  beforeAll(async () => {
    owner = await newUser('compare');
    other = await newUser('compare-other');
    const conversation = await newConversation(owner.api);
    // 3 initial credits: three images, none downloaded yet.
    fox = await makeImage(owner.api, conversation, 'A red fox jumping over "FAST"');
    whale = await makeImage(owner.api, await newConversation(owner.api), 'A blue whale at sunset');
    castle = await makeImage(owner.api, conversation, 'A castle on a hill');
    othersImage = await makeImage(other.api, await newConversation(other.api), 'Not yours');
  });

  it('zips the YouTube JPEG of each image, numbered in the order chosen and named after its prompt', async () => {
    const { response, bytes } = await exportZip(owner.token, refs(whale, fox, castle));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="test-and-compare-a_blue_whale_at_sunset.zip"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual([
      'test-and-compare-1-a_blue_whale_at_sunset.jpg',
      'test-and-compare-2-a_red_fox_jumping_over__fast_.jpg',
      'test-and-compare-3-a_castle_on_a_hill.jpg',
      'README.txt',
    ]);
    const readme = new TextDecoder().decode(files['README.txt']);
    expect(readme).toContain('Under Thumbnail, choose Test & Compare.');
    expect(readme).not.toContain('titles.txt');
    for (const [name, jpeg] of Object.entries(files).filter(([file]) => file.endsWith('.jpg'))) {
      expect(jpeg.length, name).toBeLessThan(YOUTUBE_MAX_BYTES);
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['jpeg', 1280, 720]);
    }
  });

  it('takes two images, and the same files as the JPEG downloads (made once, kept)', async () => {
    const { response, bytes } = await exportZip(owner.token, [
      { message_id: castle.id, index: 0 },
      { message_id: fox.id },
    ]);
    expect(response.status).toBe(200);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual([
      'test-and-compare-1-a_castle_on_a_hill.jpg',
      'test-and-compare-2-a_red_fox_jumping_over__fast_.jpg',
      'README.txt',
    ]);
    const download = await owner.api('getDownload', { params: { id: castle.id, format: 'jpeg' } });
    const downloaded = new Uint8Array(await (await fetch(download.body.url)).arrayBuffer());
    expect(files['test-and-compare-1-a_castle_on_a_hill.jpg']).toEqual(downloaded);
  });

  it('adds the titles to try, numbered, and the steps for them', async () => {
    const titles = ['I Tried It For 30 Days', '  The Fox Nobody Could Catch  ', 'FAST: the whole story'];
    const response = await fetch(`${baseUrl}${EXPORT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ images: refs(fox, whale), titles }),
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).filter((name) => name.endsWith('.txt'))).toEqual(['titles.txt', 'README.txt']);
    expect(new TextDecoder().decode(files['titles.txt'])).toBe(
      '1. I Tried It For 30 Days\r\n2. The Fox Nobody Could Catch\r\n3. FAST: the whole story\r\n',
    );
    const readme = new TextDecoder().decode(files['README.txt']);
    expect(readme).toContain('2 thumbnails (1280x720 JPEGs, each under 2 MB) and 3 titles in titles.txt');
    expect(readme).toContain('Add the titles from titles.txt');
  });

  it('refuses more than 3 titles, an empty or overlong one, and the same one twice, saying why', async () => {
    const cases: [unknown[], string][] = [
      [['a', 'b', 'c', 'd'], COMPARE_TITLES_TEXT],
      [['a', '   '], COMPARE_TITLES_TEXT],
      [['x'.repeat(MAX_VIDEO_TITLE_LENGTH + 1)], COMPARE_TITLES_TEXT],
      [['Same', ' Same '], COMPARE_DUPLICATE_TITLE_TEXT],
    ];
    for (const [titles, text] of cases) {
      const response = await fetch(`${baseUrl}${EXPORT_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ images: refs(fox, whale), titles }),
      });
      expect(response.status, JSON.stringify(titles)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(
        new RegExp(`^titles(\\.\\d+)?: ${text}$`),
      );
    }
  });

  it("refuses another user's image as not found, whichever side asks", async () => {
    const mixed = await exportZip(owner.token, refs(fox, othersImage));
    expect(mixed.response.status).toBe(404);
    expect(errorOf(mixed.bytes)).toEqual({
      error: 'One of the chosen thumbnails no longer exists.',
      code: 'not_found',
    });
    expect((await exportZip(other.token, refs(fox, whale))).response.status).toBe(404);
    expect((await exportZip(undefined, refs(fox, whale))).response.status).toBe(401);
  });

  it('refuses 0, 1 or 4 images and the same image twice, saying why', async () => {
    for (const images of [[], refs(fox), refs(fox, whale, castle, fox)]) {
      const { response, bytes } = await exportZip(owner.token, images);
      expect(response.status, `${images.length} images`).toBe(400);
      expect(errorOf(bytes)).toEqual({ error: `images: ${COMPARE_COUNT_TEXT}`, code: 'bad_request' });
    }
    const twice = await exportZip(owner.token, [{ message_id: fox.id }, { message_id: fox.id, index: 0 }]);
    expect(twice.response.status).toBe(400);
    expect(errorOf(twice.bytes).error).toBe(`images: ${COMPARE_DUPLICATE_TEXT}`);
  });

  it('refuses an image a message does not hold: another index, or a message that is no image', async () => {
    expect(
      (await exportZip(owner.token, [{ message_id: fox.id, index: 1 }, ...refs(whale)])).response.status,
    ).toBe(404);
    const { messages } = (await owner.api('listMessages', { params: { id: fox.conversation_id } })).body;
    const prompt = (messages as Message[]).find((message) => message.role === 'user') as Message;
    expect((await exportZip(owner.token, refs(prompt, whale))).response.status).toBe(404);
  });

  it('makes the JPEG of an image older than the YouTube download from its original', async () => {
    await forgetYoutubeJpeg(whale);
    const { response, bytes } = await exportZip(owner.token, refs(fox, whale));
    expect(response.status).toBe(200);
    const jpeg = unzipSync(bytes)['test-and-compare-2-a_blue_whale_at_sunset.jpg'] as Uint8Array;
    expect(jpeg.length).toBeLessThan(YOUTUBE_MAX_BYTES);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);
  });
});

describe('Test & Compare tests', () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  let fox: Message;
  let whale: Message;
  let castle: Message;
  beforeAll(async () => {
    owner = await newUser('tests');
    other = await newUser('tests-other');
    fox = await makeImage(owner.api, await newConversation(owner.api), 'A red fox');
    whale = await makeImage(owner.api, await newConversation(owner.api), 'A blue whale');
    castle = await makeImage(owner.api, await newConversation(owner.api), 'A castle');
  });

  const create = (api: typeof owner.api, body: unknown) =>
    api.raw('POST', '/api/tests', body) as Promise<{
      status: number;
      body: { test: CompareTest; error?: string };
    }>;

  it('saves the thumbnails and titles, lists them newest first, and records the winner', async () => {
    const first = await create(owner.api, {
      images: refs(fox, whale),
      titles: ['Fox or whale?', 'The race'],
    });
    expect(first.status).toBe(201);
    expect(first.body.test).toMatchObject({
      images: [
        { message_id: fox.id, index: 0, prompt: 'A red fox' },
        { message_id: whale.id, index: 0, prompt: 'A blue whale' },
      ],
      titles: ['Fox or whale?', 'The race'],
      winner: null,
    });
    for (const image of first.body.test.images) {
      expect((await fetch(image.image_url as string)).status).toBe(200);
    }
    const second = await create(owner.api, { images: refs(castle, fox, whale) });
    expect(second.status).toBe(201);
    expect(second.body.test.titles).toEqual([]);

    const listed = await owner.api('listCompareTests');
    expect(listed.status).toBe(200);
    expect(listed.body.tests.map((test: CompareTest) => test.id)).toEqual([
      second.body.test.id,
      first.body.test.id,
    ]);

    const won = await owner.api('recordCompareWinner', {
      params: { id: first.body.test.id },
      body: { image: 1, title: 0, watch_time_share: 57.5 },
    });
    expect(won.status).toBe(200);
    expect(won.body.test.winner).toMatchObject({ image: 1, title: 0, watch_time_share: 57.5 });
    // Recorded again (a correction), it replaces the first record.
    const again = await owner.api('recordCompareWinner', {
      params: { id: first.body.test.id },
      body: { image: 0 },
    });
    expect(again.body.test.winner).toMatchObject({ image: 0, title: null, watch_time_share: null });
    const after = (await owner.api('listCompareTests')).body.tests as CompareTest[];
    expect(after.find((test) => test.id === first.body.test.id)?.winner).toMatchObject({ image: 0 });
    expect(after.find((test) => test.id === second.body.test.id)?.winner).toBeNull();
  });

  it('refuses a winner outside the test, and a share outside 0 to 100', async () => {
    const { test } = (await create(owner.api, { images: refs(fox, whale), titles: ['Only one'] })).body;
    for (const body of [{ image: 2 }, { image: 0, title: 1 }]) {
      const refused = await owner.api('recordCompareWinner', { params: { id: test.id }, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(COMPARE_WINNER_TEXT);
    }
    for (const body of [{ image: 3 }, { image: 0, watch_time_share: 101 }, { image: -1 }]) {
      expect((await owner.api('recordCompareWinner', { params: { id: test.id }, body })).status).toBe(400);
    }
    const stored = (await owner.api('listCompareTests')).body.tests as CompareTest[];
    expect(stored.find((t) => t.id === test.id)?.winner).toBeNull();
  });

  it("keeps another creator's tests and images apart: each is not found", async () => {
    const { test } = (await create(owner.api, { images: refs(fox, whale) })).body;
    expect((await other.api('listCompareTests')).body.tests).toEqual([]);
    const theirs = await other.api('recordCompareWinner', { params: { id: test.id }, body: { image: 0 } });
    expect(theirs.status).toBe(404);
    const mine = (await owner.api('listCompareTests')).body.tests as CompareTest[];
    expect(mine.find((t) => t.id === test.id)?.winner).toBeNull();
    const withTheirImages = await create(other.api, { images: refs(fox, whale) });
    expect(withTheirImages.status).toBe(404);
    expect((await other.api('listCompareTests')).body.tests).toEqual([]);
    expect((await create(owner.api, { images: refs(fox) })).status).toBe(400);
  });

  it('keeps a test whose image was deleted with its conversation, showing that image as gone', async () => {
    // Three credits each: a creator of their own.
    const creator = await newUser('tests-gone');
    const gone = await makeImage(creator.api, await newConversation(creator.api), 'Soon gone');
    const kept = await makeImage(creator.api, await newConversation(creator.api), 'Still here');
    const { test } = (await create(creator.api, { images: refs(gone, kept) })).body;
    expect((await creator.api('deleteConversation', { params: { id: gone.conversation_id } })).status).toBe(
      204,
    );
    const listed = ((await creator.api('listCompareTests')).body.tests as CompareTest[]).find(
      (t) => t.id === test.id,
    );
    expect(listed?.images.map((image) => image.image_url === null)).toEqual([true, false]);
    expect(listed?.images[0]?.prompt).toBe('Soon gone');
  });

  it('saves at most the share limit of tests a minute (20), refusing the rest with 429', async () => {
    const creator = await newUser('tests-burst');
    const a = await makeImage(creator.api, await newConversation(creator.api), 'Burst A');
    const b = await makeImage(creator.api, await newConversation(creator.api), 'Burst B');
    // One more than two windows take, so a window boundary inside the burst can't hide the limit.
    const saves = await Promise.all(
      Array.from({ length: 41 }, () => create(creator.api, { images: refs(a, b) })),
    );
    const saved = saves.filter((save) => save.status === 201).length;
    expect(saves.filter((save) => save.status === 429)).toHaveLength(41 - saved);
    expect(saved).toBeGreaterThanOrEqual(20);
    expect(saved).toBeLessThanOrEqual(40);
    // Every test answered as saved is listed, and no other.
    expect((await creator.api('listCompareTests')).body.tests).toHaveLength(saved);
  });
});
