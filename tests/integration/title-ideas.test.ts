import {
  MAX_TITLE_IDEA_LENGTH,
  type Message,
  rateLimitedText,
  TITLE_IDEAS_COUNT,
  TITLE_IDEAS_TARGET_TEXT,
} from '@thumbnail-studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repeatsThumbnailText } from '../../functions/src/core/title-ideas';
import { TITLE_IDEAS_IMAGE_NOT_FOUND_TEXT } from '../../functions/src/services/title-ideas';
import { makeImage, newConversation } from '../support/images';
import { readCreditItems } from '../support/ledger';
import { newApiUser } from '../support/users';

/**
 * Title ideas on the shared local cloud: no provider key is set there, so the offline template
 * writer answers (the text models are tested against the fake OpenAI and Gemini in
 * providers/src/title-ideas.test.ts). The fake video site serves one linked video's oEmbed title.
 */

const cloud = { url: inject('baseUrl'), dataDir: inject('dataDir'), runtime: inject('runtime') };
const linkedVideo = inject('linkedVideo');
/** The sends' limit, which title ideas share on a counter of their own (the local cloud's default). */
const SENDS_PER_MINUTE = 20;

type User = Awaited<ReturnType<typeof newApiUser>>;
const ideas = (user: User, body: object) => user.api('suggestTitles', { body });

/** Five distinct titles within the limit, none repeating `thumbnailText`. */
function expectFiveTitles(titles: string[], thumbnailText: string[]) {
  expect(titles).toHaveLength(TITLE_IDEAS_COUNT);
  expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(TITLE_IDEAS_COUNT);
  for (const title of titles) {
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_IDEA_LENGTH);
    expect(repeatsThumbnailText(title, thumbnailText)).toBe(false);
  }
}

describe('title ideas', () => {
  let owner: User;
  let other: User;
  let fox: Message;
  let linked: { conversationId: string; image: Message };
  beforeAll(async () => {
    [owner, other] = await Promise.all([newApiUser(cloud, 'titles'), newApiUser(cloud, 'titles-other')]);
    fox = await makeImage(
      owner.api,
      await newConversation(owner.api),
      'A red fox jumping over a log "SO FAST"',
    );
    const conversationId = await newConversation(owner.api);
    const prompt = `A cosy log cabin in the snow, like https://youtu.be/${linkedVideo.id} with "DAY 30"`;
    linked = { conversationId, image: await makeImage(owner.api, conversationId, prompt) };
  });

  it('writes five titles for an image offline, about its subject and never repeating its text', async () => {
    const answer = await ideas(owner, { message_id: fox.id });

    expect(answer.status).toBe(200);
    expect(answer.body.video_title).toBeNull();
    expectFiveTitles(answer.body.titles, ['SO FAST']);
    expect(answer.body.titles.some((title: string) => title.includes('Red Fox'))).toBe(true);
  });

  it("starts from the linked video's own title, for the image and for its conversation", async () => {
    const forImage = await ideas(owner, { message_id: linked.image.id, image: 0 });
    const forConversation = await ideas(owner, { conversation_id: linked.conversationId });

    for (const answer of [forImage, forConversation]) {
      expect(answer.status).toBe(200);
      expect(answer.body.video_title).toBe(linkedVideo.title);
      expectFiveTitles(answer.body.titles, ['DAY 30']);
      // The offline writer's first patterns wrap the video's title, shortened at a word to fit.
      expect(answer.body.titles[0]).toContain(linkedVideo.title.split(' ').slice(0, 4).join(' '));
    }
  });

  it('goes on without a title the video site does not give, and for a conversation with no image yet', async () => {
    const conversationId = await newConversation(owner.api);
    const empty = await ideas(owner, { conversation_id: conversationId });
    expect(empty.status).toBe(200);
    expectFiveTitles(empty.body.titles, []);

    const unknown = await makeImage(owner.api, conversationId, 'A dragon https://youtu.be/aaaaaaaaaaa');
    const answer = await ideas(owner, { message_id: unknown.id });
    expect(answer.status).toBe(200);
    expect(answer.body.video_title).toBeNull();
    expectFiveTitles(answer.body.titles, []);
  });

  it('charges no credit: the balance and the ledger stay as they were', async () => {
    const before = await readCreditItems(cloud.runtime.dynamodbEndpoint, owner.userId);
    expect((await ideas(owner, { message_id: fox.id })).status).toBe(200);
    expect((await ideas(owner, { conversation_id: linked.conversationId })).status).toBe(200);
    expect(await readCreditItems(cloud.runtime.dynamodbEndpoint, owner.userId)).toEqual(before);
  });

  it("finds no other creator's image or conversation, and asks for one target", async () => {
    expect(await ideas(other, { message_id: fox.id })).toMatchObject({
      status: 404,
      body: { error: TITLE_IDEAS_IMAGE_NOT_FOUND_TEXT, code: 'not_found' },
    });
    expect(await ideas(other, { conversation_id: linked.conversationId })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await ideas(owner, { message_id: fox.id, image: 3 })).toMatchObject({ status: 404 });
    for (const body of [{}, { message_id: fox.id, conversation_id: linked.conversationId }]) {
      expect(await ideas(owner, body)).toMatchObject({
        status: 400,
        body: { error: `body: ${TITLE_IDEAS_TARGET_TEXT}`, code: 'bad_request' },
      });
    }
  });

  it("refuses a burst past the sends' limit with 429 and the rate limit's words, on a counter of its own", async () => {
    const user = await newApiUser(cloud, 'titles-burst');
    const conversationId = await newConversation(user.api);
    // One more than two windows can take, so a window boundary can't hide the limit.
    const answers = await Promise.all(
      Array.from({ length: 2 * SENDS_PER_MINUTE + 1 }, () =>
        ideas(user, { conversation_id: conversationId }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 429).every((answer) => answer.status === 200)).toBe(
      true,
    );
    const seconds = Number(refused[0]?.body.error.match(/wait (\d+) second/)?.[1]);
    expect(refused[0]?.body).toEqual({ error: rateLimitedText(seconds), code: 'rate_limited' });
    // Sends are counted apart: the user may still send.
    const sent = await user.api('sendMessage', {
      params: { id: conversationId },
      body: { content: 'A fox' },
    });
    expect(sent.status).toBe(202);
  });
});
