import { ownKeyAnswerText, PHASE_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { makeImage } from '../support/images';
import { downloadUrl, uploadImage } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { sharedCloud } from '../support/local-cloud';
import { seedPersonModel } from '../support/models';
import { listKeys, objectExists, putObject } from '../support/storage';
import { newUserWithConversation } from '../support/users';

const runtime = inject('runtime');

const newUser = (name: string) => newUserWithConversation(sharedCloud(), name);

/** A 1536x864 PNG as a provider would answer, made in the browser and uploaded by it. */
let made: Uint8Array;
beforeAll(async () => {
  made = new Uint8Array(
    await sharp({ create: { width: 1536, height: 864, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  );
});

describe("answers made with a creator's own key", () => {
  it('stores the image with its previews and downloads, saying no credit was charged, and writes no ledger entry', async () => {
    const { api, userId, conversationId } = await newUser('own-key');
    const key = await uploadImage(api, made);

    const saved = await api('saveOwnKeyAnswer', {
      params: { id: conversationId },
      body: {
        content: 'A cat astronaut',
        provider: 'openai',
        is_edit: false,
        images: [key],
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.userMessage).toMatchObject({ role: 'user', content: 'A cat astronaut' });
    const answer = saved.body.assistantMessage;
    expect(answer).toMatchObject({
      status: 'done',
      is_image_message: true,
      is_edit: false,
      prompt: 'A cat astronaut',
      content: ownKeyAnswerText('openai'),
      downloads: ['jpeg', 'png'],
    });
    // Nothing checks it after (no job), so it comes with the empty verdict the chat stops waiting at.
    expect(answer.legibility).toMatchObject({ text: '', sizes: [] });
    expect(answer.content).toBe('Made with your own OpenAI GPT-Image key: no credit was charged.');
    expect(answer.image_sources.map((s: { width: number }) => s.width)).toEqual([480, 960, 1280]);
    const download = await fetch(await downloadUrl(api, answer.id, 'png'));
    const meta = await sharp(new Uint8Array(await download.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1280, 720]);

    // Nothing charged: the balance is the initial grant and no entry was written for it.
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const { ledger } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(ledger.map((entry) => entry.sk)).toEqual([ledgerKeys.initialGrant]);
    // The upload is used up; the conversation (read again, as another device would) holds both.
    expect(await objectExists(runtime, key)).toBe(false);
    const listed = await api('listMessages', { params: { id: conversationId } });
    expect(listed.body.messages.map((m: { id: string }) => m.id)).toContain(answer.id);
    const conversations = await api('listConversations');
    expect(conversations.body.conversations[0]).toMatchObject({
      id: conversationId,
      title: 'A cat astronaut',
    });
    const gallery = (await api('listGallery')).body.images.map((m: { id: string }) => m.id);
    expect(gallery).toContain(answer.id);
  });

  it("refuses another user's upload, a file that is not an image and one too large, storing nothing", async () => {
    const ada = await newUser('own-key-ada');
    const babbage = await newUser('own-key-babbage');
    const adaKey = await uploadImage(ada.api, made);
    const body = { content: 'Mine now', provider: 'gemini' as const, is_edit: false };

    const stolen = await babbage.api('saveOwnKeyAnswer', {
      params: { id: babbage.conversationId },
      body: {
        ...body,
        images: [adaKey],
      },
    });
    expect(stolen.status).toBe(400);
    expect(await objectExists(runtime, adaKey)).toBe(true);

    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const notImage = await uploadImage(babbage.api, svg, 'image/png');
    const refused = await babbage.api('saveOwnKeyAnswer', {
      params: { id: babbage.conversationId },
      body: {
        ...body,
        images: [notImage],
      },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/not an image we can use/) },
    });

    const grant = await babbage.api('createUpload', { body: { content_type: 'image/png', size: 1 } });
    await putObject(runtime, grant.body.key, new Uint8Array(11 * 1024 * 1024));
    const tooBig = await babbage.api('saveOwnKeyAnswer', {
      params: { id: babbage.conversationId },
      body: {
        ...body,
        images: [grant.body.key],
      },
    });
    expect(tooBig).toMatchObject({ status: 400, body: { error: 'Images must be 10 MB or smaller.' } });

    // Ada's conversation is not Babbage's to write in.
    const elsewhere = await babbage.api('saveOwnKeyAnswer', {
      params: { id: ada.conversationId },
      body: { ...body, error: 'x' },
    });
    expect(elsewhere.status).toBe(404);

    const listed = await babbage.api('listMessages', { params: { id: babbage.conversationId } });
    expect(listed.body.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(0);
    expect(await listKeys(runtime, `images/${babbage.userId}/`)).toEqual([]);
  });

  it('keeps an error answer with the text the creator read, charging nothing', async () => {
    const { api, conversationId } = await newUser('own-key-error');
    const text =
      "I can't generate that image as it may violate content policies. Please try a different prompt.";
    const saved = await api('saveOwnKeyAnswer', {
      params: { id: conversationId },
      body: {
        content: 'Something',
        provider: 'gemini',
        is_edit: false,
        error: text,
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.assistantMessage).toMatchObject({
      status: 'error',
      content: text,
      is_image_message: false,
    });
    const both = await api('saveOwnKeyAnswer', {
      params: { id: conversationId },
      body: {
        content: 'x',
        provider: 'gemini',
        is_edit: false,
        error: 'x',
        images: ['uploads/x'],
      },
    });
    expect(both.status).toBe(400);
  });

  it("answers the job's inputs as signed URLs: the last image to edit, the people, and the turns", async () => {
    const { api, conversationId, userId } = await newUser('own-key-inputs');
    const first = await makeImage(api, conversationId, 'A red car');
    const reference = await uploadImage(api, made);
    const answer = await api('getOwnKeyInputs', {
      params: { id: conversationId },
      body: {
        content: 'Make it blue',
        uploaded_images: [reference],
      },
    });
    expect(answer.status).toBe(200);
    const { turns, images, chosen, people } = answer.body;
    expect(chosen).toBe(false);
    // The earlier answer's original and the new reference: the last image-bearing messages, oldest first.
    expect(images).toHaveLength(2);
    for (const image of images) expect((await fetch(image.url)).status).toBe(200);
    expect(people).toEqual([]);
    // Featured people come with their photos, primary first, as the worker reads them.
    const modelId = await seedPersonModel(runtime, userId, 'Ada Lovelace');
    const featured = await api('getOwnKeyInputs', {
      params: { id: conversationId },
      body: {
        content: 'Ada on a stage',
        selected_model_ids: [modelId],
      },
    });
    expect(featured.body.people).toEqual([{ name: 'Ada Lovelace', photos: [{ url: expect.any(String) }] }]);
    const photo = await fetch(featured.body.people[0].photos[0].url);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(turns.slice(-2)).toEqual([
      { role: 'user', text: 'Make it blue', has_images: true },
      { role: 'assistant', text: PHASE_TEXT.queued, has_images: false },
    ]);
    expect(turns).toContainEqual({ role: 'assistant', text: '[image: A red car]', has_images: true });

    const edit = await api('getOwnKeyInputs', {
      params: { id: conversationId },
      body: {
        content: 'Edit this one',
        edit_from: { message_id: first.id, index: 0 },
      },
    });
    expect(edit.body).toMatchObject({ chosen: true, images: [{ url: expect.any(String) }] });

    const other = await newUser('own-key-inputs-other');
    const stolen = await other.api('getOwnKeyInputs', {
      params: { id: other.conversationId },
      body: {
        content: 'x',
        uploaded_images: [reference],
      },
    });
    expect(stolen.status).toBe(400);
    expect(
      (await other.api('getOwnKeyInputs', { params: { id: conversationId }, body: { content: 'x' } })).status,
    ).toBe(404);
  });
});
