import { COMPARE_COUNT_TEXT, COMPARE_DUPLICATE_TEXT, type Message } from '@thumbnail-studio/contract';
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
    ]);
    for (const [name, jpeg] of Object.entries(files)) {
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
    ]);
    const download = await owner.api('getDownload', { params: { id: castle.id, format: 'jpeg' } });
    const downloaded = new Uint8Array(await (await fetch(download.body.url)).arrayBuffer());
    expect(files['test-and-compare-1-a_castle_on_a_hill.jpg']).toEqual(downloaded);
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
