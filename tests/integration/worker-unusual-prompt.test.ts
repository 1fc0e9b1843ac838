import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { downloadUrl, waitForSettled } from '../support/jobs';
import { UNUSUAL_TEXTS } from '../support/providers';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');

/** Every unusual text at once, quoted so the offline provider draws it, within the 4000-character limit. */
const prompt = `A thumbnail saying "${Object.values(UNUSUAL_TEXTS).join(' ')}"`.slice(0, 3_990);

describe('a prompt with control characters and unusual Unicode', () => {
  it('still gets its image from the offline provider', async () => {
    const user = await signUpUser(baseUrl, inject('dataDir'), inject('runtime').clientId, 'unusual');
    const api = callAs(baseUrl, user.accessToken);
    const { id } = (await api('createConversation', { body: {} })).body.conversation;

    const sent = await api('sendMessage', { params: { id }, body: { content: prompt } });
    expect(sent.status).toBe(202);
    const settled = await waitForSettled(api, sent.body.assistantMessage.id);
    expect(settled).toMatchObject({ status: 'done', is_image_message: true });

    const original = await fetch(await downloadUrl(api, settled.id, 'png'));
    expect(original.status).toBe(200);
    const image = await sharp(new Uint8Array(await original.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(['png', 1280, 720]);
    // The conversation, titled after the prompt, still lists.
    expect((await api('listConversations')).status).toBe(200);
  });
});
