import { describe, expect, inject, it } from 'vitest';
import { BIG_TEXT, SMALL_TEXT, thumbnailWithText } from '../fakes/text-image';
import { callAs } from '../support/api';
import { generateImage, waitForImageChecks, waitForSettled } from '../support/jobs';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { signUpUser } from '../support/users';

/**
 * The legibility check after a real job: the worker reads back the text of the image the
 * provider answered (drawn by the test, at known sizes) and records the verdict on the message.
 * A cloud of its own, with the check on (the shared test cloud leaves it off for speed).
 */
const { cloud, fakes } = useLocalCloudWithFakeProviders({ LEGIBILITY_CHECK: 'true', LOG_LEVEL: 'INFO' });

describe('the legibility check after a generation', () => {
  it('records that big text reads at feed size, after the image is out, at no credit', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'legible');
    const api = callAs(cloud.url, user.accessToken);
    const before = (await api('getCredits')).body.credits as number;
    fakes.openai.image(await thumbnailWithText(BIG_TEXT));

    // Text the model drew (the image the fake answers): no layer is drawn over it.
    const id = await generateImage(api, 'A golden trophy, the text "Big win" in bold', {
      text_mode: 'model',
    });
    const message = await waitForImageChecks(api, id);

    expect(message.legibility).toMatchObject({ text: 'BIG WIN', reads_at_feed_size: true, hard_to_read: [] });
    expect(message.legibility.boxes).toHaveLength(2);
    expect(message.legibility.sizes.map((size: { width: number }) => size.width)).toEqual([1280, 246, 168]);
    expect((await api('getCredits')).body.credits).toBe(before - 1);
    // The job was done (image stored, credit committed) before the check began.
    const log = cloud.output();
    const done = log.search(new RegExp(`"job done".*"jobId":"${id}"`));
    const checked = log.search(new RegExp(`"legibility checked".*"jobId":"${id}"`));
    expect(done).toBeGreaterThan(-1);
    expect(checked).toBeGreaterThan(done);
  }, 90_000);

  it('records where small text stops reading at feed size; the answer lists it too', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'illegible');
    const api = callAs(cloud.url, user.accessToken);
    fakes.openai.image(await thumbnailWithText(SMALL_TEXT));

    const id = await generateImage(api, 'Text "SAVE" big, and "watch until the end for tips" in the corner', {
      text_mode: 'model',
    });
    const message = await waitForImageChecks(api, id);

    expect(message.legibility.reads_at_feed_size).toBe(false);
    expect(message.legibility.hard_to_read).toContain('bottom right');
    const { body } = await api('listMessages', { params: { id: message.conversation_id } });
    expect(body.messages.at(-1).legibility).toEqual(message.legibility);
  }, 90_000);
});

describe('with the check turned off (the shared test cloud)', () => {
  it('gives each image the empty verdict, so the chat never waits for one', async () => {
    const baseUrl = inject('baseUrl');
    const user = await signUpUser(baseUrl, inject('dataDir'), inject('runtime').clientId, 'unchecked');
    const api = callAs(baseUrl, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const sent = await api('sendMessage', { params: { id }, body: { content: 'A "LOUD" title' } });
    await waitForSettled(api, sent.body.assistantMessage.id);

    const message = await waitForImageChecks(api, sent.body.assistantMessage.id);
    expect(message.legibility).toEqual({
      text: '',
      sizes: [],
      reads_at_feed_size: true,
      hard_to_read: [],
      boxes: [],
    });
  }, 90_000);
});
