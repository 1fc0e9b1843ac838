import { INSUFFICIENT_CREDITS_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import type { Call } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems } from '../support/ledger';
import { sharedCloud } from '../support/local-cloud';
import { listKeys } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/** Variations with the offline provider: N images for N credits, reserved all or nothing. */
const runtime = inject('runtime');

const newUser = (name: string) => newUserWithConversation(sharedCloud(), name);

/** The creator's own messages of a conversation (not the welcome it opens with). */
const sentMessages = async (api: Call, conversationId: string) =>
  (await api('listMessages', { params: { id: conversationId } })).body.messages.filter(
    (message: { role: string }) => message.role === 'user',
  );

const sks = (ledger: Record<string, unknown>[]) => ledger.map((entry) => String(entry.sk)).sort();

describe('variations', () => {
  it('reserves 3 credits for 3 variations in the send, then commits each: one message with every image', async () => {
    const { api, userId, send } = await newUser('three');
    const sent = await send({ content: 'A cat astronaut "SPACE CAT"', variations: 3 });
    expect(sent.status).toBe(202);
    // All three reserved by the send itself, in one entry.
    expect((await api('getCredits')).body).toEqual({ credits: 0 });
    const jobId = sent.body.assistantMessage.id as string;

    const done = await waitForSettled(api, jobId);
    expect(done).toMatchObject({ status: 'done', is_image_message: true });
    expect(done.images).toHaveLength(3);
    expect(done.images.map((image: { index: number }) => image.index)).toEqual([0, 1, 2]);
    // The spec's image_url is still the first image's.
    expect(done.images[0].image_url).toBe(done.image_url);
    expect(
      new Set(done.images.map((image: { image_url: string }) => image.image_url.split('?')[0])).size,
    ).toBe(3);
    for (const image of done.images) {
      expect(image.full_image_url).toEqual(expect.any(String));
      expect(image.downloads).toEqual(['jpeg', 'png']);
      expect((await fetch(image.image_sources[0].url)).headers.get('content-type')).toBe('image/webp');
    }
    // Each variation's download is its own.
    const third = await api('getDownload', { params: { id: jobId, format: 'png' }, query: { image: '2' } });
    expect(third.status).toBe(200);
    const meta = await sharp(new Uint8Array(await (await fetch(third.body.url)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    expect(
      (await api('getDownload', { params: { id: jobId, format: 'png' }, query: { image: '3' } })).status,
    ).toBe(404);

    const { balance, ledger, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(balance).toBe(0);
    expect(sum).toBe(0);
    expect(ledger.find((entry) => entry.sk === ledgerKeys.job(jobId).reserve)?.amount).toBe(-3);
    expect(sks(ledger)).toEqual(
      [
        ledgerKeys.initialGrant,
        ledgerKeys.job(jobId).reserve,
        ...[0, 1, 2].map((index) => ledgerKeys.variation(jobId, index).commit),
      ].sort(),
    );
    expect(await ledgerFindings(runtime.dynamodbEndpoint, userId)).toEqual([]);

    // The list shows the grid too, and deleting the conversation deletes every variation's files.
    const page = (await api('listMessages', { params: { id: done.conversation_id } })).body;
    expect(page.messages.at(-1).images).toHaveLength(3);
    expect(await listKeys(runtime, `images/${userId}/${jobId}/1/v2/`)).not.toEqual([]);
    expect((await api('deleteConversation', { params: { id: done.conversation_id } })).status).toBe(204);
    expect(await listKeys(runtime, `images/${userId}/${jobId}/`)).toEqual([]);
  });

  it('draws each variation as a different picture', async () => {
    const { api, send } = await newUser('differ');
    const sent = await send({ content: 'A cat astronaut "SPACE CAT"', variations: 3 });
    const jobId = sent.body.assistantMessage.id as string;
    expect(await waitForSettled(api, jobId)).toMatchObject({ status: 'done' });

    const pixels = await Promise.all(
      [0, 1, 2].map(async (index) => {
        const download = await api('getDownload', {
          params: { id: jobId, format: 'png' },
          query: { image: index },
        });
        const png = new Uint8Array(await (await fetch(download.body.url)).arrayBuffer());
        return sharp(png).resize(160, 90, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      }),
    );
    // Mean difference per channel, 0-255: a different layout or palette moves it far past noise.
    const difference = (a: Buffer, b: Buffer) =>
      a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;
    const [first, second, third] = pixels as [Buffer, Buffer, Buffer];
    for (const [a, b] of [
      [first, second],
      [first, third],
      [second, third],
    ] as const) {
      expect(difference(a, b)).toBeGreaterThan(10);
    }
  });

  it('reserves all or nothing: 4 variations with 3 credits are refused and nothing is reserved', async () => {
    const { api, userId, send } = await newUser('short');
    const refused = await send({ content: 'Four please', variations: 4 });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(INSUFFICIENT_CREDITS_TEXT);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
    const { ledger } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect(sks(ledger)).toEqual([ledgerKeys.initialGrant]);
    // Three fit exactly.
    expect((await send({ content: 'Three then', variations: 3 })).status).toBe(202);
    expect((await api('getCredits')).body).toEqual({ credits: 0 });
  });

  it('refuses a count outside 1 to 4 with a clear 400, storing nothing', async () => {
    const { api, conversationId } = await newUser('bad-count');
    for (const variations of [0, 5, 2.5, '2']) {
      const answer = await api.raw('POST', `/api/conversations/${conversationId}/messages`, {
        content: 'Nope',
        variations,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/variations/i);
    }
    expect(await sentMessages(api, conversationId)).toEqual([]);
    expect((await api('getCredits')).body).toEqual({ credits: 3 });
  });

  it('lets concurrent sends of 2 variations with 3 credits start exactly one job', async () => {
    const { api, userId, send } = await newUser('burst');
    const sends = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send({ content: `Burst ${i}`, variations: 2 })),
    );
    const accepted = sends.filter((s) => s.status === 202);
    expect(accepted).toHaveLength(1);
    expect(sends.filter((s) => s.status === 402)).toHaveLength(5);
    expect((await api('getCredits')).body).toEqual({ credits: 1 });
    await waitForSettled(api, accepted[0]?.body.assistantMessage.id);
    const { balance, sum } = await readCreditItems(runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([1, 1]);
    expect(await ledgerFindings(runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it("edits the chosen variation ('Edit this one'), and only the caller's own image in this conversation", async () => {
    const { api, send, conversationId } = await newUser('chosen');
    const sent = await send({ content: 'A red sports car', variations: 2 });
    const done = await waitForSettled(api, sent.body.assistantMessage.id);

    const edit = await send({ content: 'Make it brighter', edit_from: { message_id: done.id, index: 1 } });
    expect(edit.status).toBe(202);
    expect(edit.body.userMessage.edit_from).toEqual({ message_id: done.id, index: 1 });
    expect(await waitForSettled(api, edit.body.assistantMessage.id)).toMatchObject({
      status: 'done',
      is_edit: true,
    });
    expect((await api('getCredits')).body).toEqual({ credits: 0 });

    // An index the answer lacks, a message that is not an image, another conversation's.
    const other = await newUser('chosen-other');
    const otherConversation = (await api('createConversation', { body: {} })).body.conversation.id as string;
    const refusals = await Promise.all([
      send({ content: 'x', edit_from: { message_id: done.id, index: 2 } }),
      send({ content: 'x', edit_from: { message_id: edit.body.userMessage.id, index: 0 } }),
      send({ content: 'x', edit_from: { message_id: done.id, index: 0 } }, otherConversation),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.error).toBe(
        'The image chosen to edit is not in this conversation. Choose another one.',
      );
    }
    // Another user's image is not found, as a missing one is.
    for (const missing of [
      await other.send({ content: 'x', edit_from: { message_id: done.id, index: 0 } }),
      await send({ content: 'x', edit_from: { message_id: '01JNOTAMESSAGE00000000000', index: 0 } }),
    ]) {
      expect(missing.status).toBe(404);
    }
    expect(await sentMessages(api, conversationId)).toHaveLength(2);
  });
});
