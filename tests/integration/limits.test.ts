import { rateLimitedText, TOO_MANY_PENDING_UPLOADS_TEXT } from '@thumbnail-studio/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { uploadImage } from '../support/jobs';
import { stripeFor } from '../support/stripe';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

// The defaults the local cloud runs with, as in AWS: per user and minute.
const SENDS_PER_MINUTE = 20;
const CONVERSATIONS_PER_MINUTE = 20;
const VIDEO_THUMBNAILS_PER_MINUTE = 20;
const MAX_PENDING_UPLOADS = 40;
const CHECKOUTS_PER_MINUTE = 10;
const CHECKOUT_VERIFICATIONS_PER_MINUTE = 30;

async function newUser(name: string) {
  const user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name);
  return callAs(baseUrl, user.accessToken);
}

/** Makes the same request one more time than two windows can take, so a window boundary can't hide the limit. */
async function burst(request: () => Promise<Response>, perMinute: number): Promise<Response[]> {
  return Promise.all(Array.from({ length: 2 * perMinute + 1 }, request));
}

/** A refusal by a per-user limit: 429, a Retry-After within the minute, and words that name the wait. */
async function expectRateLimited(answers: Response[]) {
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  const seconds = Number(refused[0]?.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(await refused[0]?.json()).toEqual({ error: rateLimitedText(seconds), code: 'rate_limited' });
  for (const answer of answers) expect([200, 201, 202, 400, 402, 404, 429]).toContain(answer.status);
}

const call = (token: string, method: string, path: string, body: unknown) => () =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function tokenOf(name: string) {
  return (await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, name)).accessToken;
}

describe('per-user rate limits', () => {
  it('refuses a burst of sends with 429 and Retry-After, and leaves other users alone', async () => {
    const token = await tokenOf('limit-send');
    const api = callAs(baseUrl, token);
    const conversation = (await api('createConversation', { body: {} })).body.conversation;
    const path = `/api/conversations/${conversation.id}/messages`;
    const answers = await burst(call(token, 'POST', path, { content: 'Again' }), SENDS_PER_MINUTE);
    await expectRateLimited(answers);
    // Refused sends cost nothing: only the 3 starting credits were ever reserved.
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(3);

    const other = await newUser('limit-other');
    const theirs = (await other('createConversation', { body: {} })).body.conversation;
    const sent = await other('sendMessage', { params: { id: theirs.id }, body: { content: 'Mine' } });
    expect(sent.status).toBe(202);
  });

  it("counts answers made with the creator's own key as sends, both ways", async () => {
    const ownKeyAnswer = { content: 'Mine', provider: 'gemini', is_edit: false, error: 'No image' };
    // Sends up to the limit, then own-key answers: together one more than two windows can take.
    const first = await tokenOf('limit-own-key-after-sends');
    const firstConversation = (await callAs(baseUrl, first)('createConversation', { body: {} })).body
      .conversation;
    await Promise.all(
      Array.from(
        { length: SENDS_PER_MINUTE },
        call(first, 'POST', `/api/conversations/${firstConversation.id}/messages`, { content: 'Again' }),
      ),
    );
    const answers = await Promise.all(
      Array.from(
        { length: SENDS_PER_MINUTE + 1 },
        call(first, 'POST', `/api/conversations/${firstConversation.id}/own-key-answers`, ownKeyAnswer),
      ),
    );
    await expectRateLimited(answers);

    // And the other way round: own-key answers up to the limit, then sends.
    const second = await tokenOf('limit-sends-after-own-key');
    const secondConversation = (await callAs(baseUrl, second)('createConversation', { body: {} })).body
      .conversation;
    await Promise.all(
      Array.from(
        { length: SENDS_PER_MINUTE },
        call(second, 'POST', `/api/conversations/${secondConversation.id}/own-key-answers`, ownKeyAnswer),
      ),
    );
    const later = await Promise.all(
      Array.from(
        { length: SENDS_PER_MINUTE + 1 },
        call(second, 'POST', `/api/conversations/${secondConversation.id}/messages`, { content: 'Again' }),
      ),
    );
    await expectRateLimited(later);
  });

  it('refuses a burst of new conversations', async () => {
    const token = await tokenOf('limit-conversations');
    await expectRateLimited(
      await burst(call(token, 'POST', '/api/conversations', {}), CONVERSATIONS_PER_MINUTE),
    );
  });

  it('refuses a burst of checkouts before it reaches Stripe, whose rate limit the whole site shares', async () => {
    const token = await tokenOf('limit-checkout');
    const userId = String(decodePayload(token).sub);
    // As the issue saw it: 25 checkouts opened at once by one free account.
    const answers = await Promise.all(
      Array.from(
        { length: 25 },
        call(token, 'POST', '/api/create-checkout-session', { packageId: 'starter' }),
      ),
    );
    await expectRateLimited(answers);
    const opened = answers.filter((answer) => answer.status === 200).length;
    // A window boundary may fall inside the burst: at most two windows' worth get through.
    expect(opened).toBeLessThanOrEqual(2 * CHECKOUTS_PER_MINUTE);
    const sessions = await stripeFor(runtime)
      .checkout.sessions.list({ limit: 100 })
      .autoPagingToArray({ limit: 1000 });
    expect(sessions.filter((session) => session.client_reference_id === userId)).toHaveLength(opened);
  });

  it('refuses a burst of checkout verifications', async () => {
    const token = await tokenOf('limit-verify');
    const answers = await burst(
      call(token, 'GET', '/api/verify-session/cs_test_none', undefined),
      CHECKOUT_VERIFICATIONS_PER_MINUTE,
    );
    await expectRateLimited(answers);
  });

  it('refuses a burst of video thumbnail fetches, even of bad links', async () => {
    const token = await tokenOf('limit-video');
    const answers = await burst(
      call(token, 'POST', '/api/video-thumbnails', { url: 'https://vimeo.com/1' }),
      VIDEO_THUMBNAILS_PER_MINUTE,
    );
    await expectRateLimited(answers);
  });
});

describe('attachments waiting to be sent', () => {
  it('are capped per user, and sending some makes room again', async () => {
    const api = await newUser('limit-pending');
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer(),
    );
    const first = await uploadImage(api, png);
    for (let i = 1; i < MAX_PENDING_UPLOADS; i++) {
      expect((await api('createUpload', { body: { content_type: 'image/png', size: 10 } })).status).toBe(201);
    }
    const refused = await api('createUpload', { body: { content_type: 'image/png', size: 10 } });
    expect(refused).toEqual({
      status: 429,
      body: { error: TOO_MANY_PENDING_UPLOADS_TEXT, code: 'rate_limited' },
    });

    const conversation = (await api('createConversation', { body: {} })).body.conversation;
    const sent = await api('sendMessage', {
      params: { id: conversation.id },
      body: {
        content: 'Use this',
        uploaded_images: [first],
      },
    });
    expect(sent.status).toBe(202);
    expect((await api('createUpload', { body: { content_type: 'image/png', size: 10 } })).status).toBe(201);
  });
});
