import { describe, expect, inject, it } from 'vitest';
import { portraitOf, thumbnailWith, thumbnailWithoutFaces } from '../fakes/faces';
import { callAs } from '../support/api';
import { generateImage, waitForImageChecks, waitForSettled } from '../support/jobs';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { seedPersonModel } from '../support/models';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/**
 * The likeness check after a real job: the worker finds the faces in the image the provider
 * answered (a face from the face library's own sample photos, placed by the test) and compares
 * them with the featured people's photos (a portrait of that face, one of someone else, one with
 * no face). A cloud of its own, with the check on (the shared test cloud leaves it off for speed).
 */
const { cloud, fakes } = useLocalCloudWithFakeProviders({
  LIKENESS_CHECK: 'true',
  LEGIBILITY_CHECK: 'false',
  LOG_LEVEL: 'INFO',
});

describe('the likeness check after a generation', () => {
  it('scores the featured person high, someone else low, and says when a photo has no face, at no credit', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'likeness');
    const api = callAs(cloud.url, user.accessToken);
    const userId = String(decodePayload(user.accessToken).sub);
    const one = await seedPersonModel(cloud.runtime, userId, 'Robin', await portraitOf('one'));
    const two = await seedPersonModel(cloud.runtime, userId, 'Sasha', await portraitOf('two'));
    const plain = await seedPersonModel(cloud.runtime, userId, 'Logo');
    const before = (await api('getCredits')).body.credits as number;
    fakes.openai.image(await thumbnailWith('one'));

    const id = await generateImage(api, 'Robin shocked at a giant robot', {
      selected_model_ids: [one, two, plain],
    });
    const { likeness } = await waitForImageChecks(api, id);

    expect(likeness.faces).toHaveLength(1);
    const [robin, sasha, logo] = likeness.people;
    expect(robin).toMatchObject({ name: 'Robin', score: expect.any(Number) });
    expect(robin.score).toBeGreaterThanOrEqual(60);
    expect(sasha.name).toBe('Sasha');
    expect(sasha.score).toBeLessThan(60);
    expect(logo).toEqual({ name: 'Logo', score: null, reason: 'no_face_in_photos' });
    // The face sits where the test put it: right of centre in the 1280x720 frame.
    expect(likeness.faces[0].x0).toBeGreaterThan(640);
    expect((await api('getCredits')).body.credits).toBe(before - 1);
    // The job was done (image stored, credit committed) before the check began; no score is
    // logged with a name, and no face data at all.
    const log = cloud.output();
    const done = log.search(new RegExp(`"job done".*"jobId":"${id}"`));
    const likenessLine = log.match(new RegExp(`.*"likeness checked".*"jobId":"${id}".*`))?.[0] ?? '';
    expect(done).toBeGreaterThan(-1);
    expect(log.indexOf(likenessLine)).toBeGreaterThan(done);
    expect(likenessLine).not.toMatch(/Robin|Sasha|descriptor/);
  }, 90_000);

  it('lists the faces found with nobody featured, and no face when there is none', async () => {
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, 'faces');
    const api = callAs(cloud.url, user.accessToken);
    fakes.openai.image(await thumbnailWith('two'));
    const withFace = await waitForImageChecks(api, await generateImage(api, 'A surprised face'));
    expect(withFace.likeness).toEqual({
      faces: [expect.objectContaining({ x0: expect.any(Number) })],
      people: [],
    });

    fakes.openai.image(await thumbnailWithoutFaces());
    const plain = await waitForImageChecks(api, await generateImage(api, 'A red backdrop'));
    expect(plain.likeness).toEqual({ faces: [], people: [] });
    // The answer the chat lists carries it too.
    const { body } = await api('listMessages', { params: { id: plain.conversation_id } });
    expect(body.messages.at(-1).likeness).toEqual(plain.likeness);
  }, 90_000);
});

describe('with the check turned off (the shared test cloud)', () => {
  it('records nothing, and the image is made as usual', async () => {
    const baseUrl = inject('baseUrl');
    const user = await signUpUser(baseUrl, inject('dataDir'), inject('runtime').clientId, 'nofaces');
    const api = callAs(baseUrl, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;
    const sent = await api('sendMessage', { params: { id }, body: { content: 'A face' } });
    const message = await waitForImageChecks(
      api,
      (await waitForSettled(api, sent.body.assistantMessage.id)).id,
    );
    expect(message.likeness).toBeUndefined();
  }, 90_000);
});
