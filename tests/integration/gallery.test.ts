import type { Message } from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Call, callAs } from '../support/api';
import { removeFromMessage } from '../support/dynamodb';
import { makeImage, newConversation } from '../support/images';
import { waitForSettled } from '../support/jobs';
import { runTool } from '../support/local-cloud-process';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return callAs(baseUrl, user.accessToken);
}

describe('the gallery', () => {
  let owner: Call;
  let other: Call;
  let first: Message;
  let second: Message;
  let third: Message;
  let firstConversation: string;
  beforeAll(async () => {
    owner = await newUser('gallery');
    other = await newUser('gallery-other');
    firstConversation = await newConversation(owner);
    // 3 initial credits: three images in two conversations. The second is asked for once the first
    // is used: an unused one would be handed back again.
    first = await makeImage(owner, firstConversation, 'A red fox jumping over "FAST"');
    const secondConversation = await newConversation(owner);
    second = await makeImage(owner, secondConversation, 'A blue whale at sunset');
    third = await makeImage(owner, firstConversation, 'Make the fox orange');
  });

  it("lists the caller's images across conversations, newest first, each with its previews", async () => {
    const { status, body } = await owner('listGallery');
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
    const { body } = await owner('listGallery', { query: { cursor: third.id } });
    expect(body.images.map((image: Message) => image.id)).toEqual([second.id, first.id]);
    expect((await owner('listGallery', { query: { cursor: 'a#b' } })).status).toBe(400);
  });

  it("shows nobody else's images, and needs a signed-in caller", async () => {
    const { status, body } = await other('listGallery');
    expect(status).toBe(200);
    expect(body.images).toEqual([]);
    expect((await callAs(baseUrl, undefined)('listGallery')).status).toBe(401);
  });
});

describe('the gallery of an answer with variations', () => {
  it('lists every variation, each with its previews, its downloads and its own public link', async () => {
    const owner = await newUser('gallery-variations');
    const conversationId = await newConversation(owner);
    const sent = await owner('sendMessage', {
      params: { id: conversationId },
      body: {
        content: 'A lighthouse in a storm "LOST"',
        variations: 3,
      },
    });
    expect(sent.status).toBe(202);
    const answer: Message = await waitForSettled(owner, sent.body.assistantMessage.id);
    const shared = (await owner('shareImage', { params: { id: answer.id }, query: { image: '2' } })).body
      .token;

    const { body } = await owner('listGallery');
    expect(body.images.map((image: Message) => image.id)).toEqual([answer.id]);
    const [listed] = body.images as Message[];
    expect(listed?.images?.map((image) => image.index)).toEqual([0, 1, 2]);
    for (const image of listed?.images ?? []) {
      expect(image.image_sources?.map((source) => source.width)).toEqual([480, 960, 1280]);
      expect(image.downloads).toEqual(['jpeg', 'png']);
    }
    expect(listed?.images?.map((image) => image.share_token)).toEqual([null, null, shared]);
    expect(new Set(listed?.images?.map((image) => image.image_url.split('?')[0])).size).toBe(3);
  });
});

/** Takes an image out of the gallery's index, as an image made before the index existed is. */
const forgetGalleryMark = (image: Message) =>
  removeFromMessage(runtime.dynamodbEndpoint, image, 'gallery_user_id');

/** Runs `npm run backfill-gallery` against the test run's local cloud, to its exit. */
const runBackfill = () => runTool('tools/backfill-gallery.ts', ['--data-dir', inject('dataDir')]);

describe('images made before the gallery', () => {
  it('are listed once the backfill has marked them, and a second run changes nothing', async () => {
    const owner = await newUser('backfill');
    const image = await makeImage(owner, await newConversation(owner), 'An old thumbnail');
    await forgetGalleryMark(image);
    expect((await owner('listGallery')).body.images).toEqual([]);

    const first = await runBackfill();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/[1-9]\d* images added to the gallery/);
    const listed = (await owner('listGallery')).body.images as Message[];
    expect(listed.map((listedImage) => listedImage.id)).toEqual([image.id]);

    const second = await runBackfill();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(' 0 images added to the gallery');
  });
});
