import { OPENAI_TEXTS } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { type FakeGemini, googleError } from '../fakes/gemini-server';
import { type FakeOpenAI, openAIError } from '../fakes/openai-server';
import { callAs } from '../support/api';
import { queueStats, waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { listKeys } from '../support/storage';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/**
 * The providers' rate limits, through the official SDKs against the fake servers: a job calls its
 * variations only its share of PROVIDER_CALLS_AT_ONCE at a time, and a 429 that outlasts a call's
 * retries sends the job back to the queue for the wait asked, instead of refunding it.
 */
const WORKERS = 1;
const CALLS_AT_ONCE = 2;

const { cloud, fakes } = useLocalCloudWithFakeProviders({
  PROVIDER_TIMEOUT_MS: '5000',
  PROVIDER_RETRY_INITIAL_MS: '10',
  PROVIDER_RETRY_MAX_MS: '20',
  LOCAL_WORKER_CONCURRENCY: String(WORKERS),
  PROVIDER_CALLS_AT_ONCE: String(CALLS_AT_ONCE),
  // The local queue waits at most this long, whatever the worker asks: a job sent back for a
  // provider's two minutes is delivered again after a second.
  LOCAL_QUEUE_RETRY_MS: '1000',
  // The sweeper refunds a job sent more than an hour ago: a wait must leave a run before that.
  JOB_STUCK_AFTER_MS: String(60 * 60_000),
  ...WITHOUT_IMAGE_CHECKS,
  LOG_LEVEL: 'INFO',
});

async function send(name: string, provider: 'openai' | 'gemini', extra: object = {}) {
  const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, name);
  const api = callAs(cloud.url, user.accessToken);
  const { id } = (await api('createConversation', { body: {} })).body.conversation;
  const sent = await api('sendMessage', {
    params: { id },
    body: {
      content: 'A neon gaming thumbnail',
      provider,
      ...extra,
    },
  });
  expect(sent.status).toBe(202);
  const jobId = sent.body.assistantMessage.id as string;
  return { api, jobId, userId: String(decodePayload(user.accessToken).sub) };
}

/** The ledger's entries for one job of one credit, and nothing left to reconcile. */
async function expectLedger(userId: string, jobId: string, outcome: 'commit' | 'refund') {
  const { balance, ledger, sum } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
  expect([balance, sum]).toEqual(outcome === 'commit' ? [2, 2] : [3, 3]);
  expect(ledger.map((entry) => entry.sk).sort()).toEqual(
    [ledgerKeys.initialGrant, ledgerKeys.job(jobId).reserve, ledgerKeys.job(jobId)[outcome]].sort(),
  );
  expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
}

/** The waits the worker asked the queue for, as it logged them, for one job. */
const requeues = (jobId: string) =>
  cloud
    .output()
    .split('\n')
    .filter((line) => line.includes('rate-limited by its provider') && line.includes(jobId))
    .map(
      (line) =>
        (JSON.parse(line.slice(line.indexOf('{'))) as { retryAfterSeconds: number }).retryAfterSeconds,
    );

const imageRequests = (fake: FakeOpenAI | FakeGemini) =>
  fake.requests.filter((request) => /images|generateContent/.test(request.path)).length;

describe('provider calls at once', () => {
  it(`calls a job's variations at most ${CALLS_AT_ONCE / WORKERS} at a time`, async () => {
    fakes.openai.latency(300);
    const { api, jobId } = await send('calls-at-once', 'openai', { variations: 3 });
    const done = await waitForSettled(api, jobId);
    expect(done).toMatchObject({ status: 'done' });
    expect(done.images).toHaveLength(3);
    expect(fakes.openai.mostImageCallsAtOnce()).toBe(CALLS_AT_ONCE / WORKERS);
  });
});

describe("a provider's rate limit", () => {
  it.each([
    ['openai', openAIError('Rate limit reached for images per minute.', 'requests', 'rate_limit_exceeded')],
    ['gemini', googleError(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED')],
  ] as const)(
    '%s: sends a job back to the queue for a Retry-After longer than its retries, and it ends done, charged once',
    async (provider, body) => {
      const fake = provider === 'openai' ? fakes.openai : fakes.gemini;
      fake.failNext(1, 429, { headers: { 'retry-after': '120' }, body });
      const { api, jobId, userId } = await send(`limited-${provider}`, provider);

      expect(await waitForSettled(api, jobId)).toMatchObject({ status: 'done', is_image_message: true });
      // One call, not retried against the limit; the job's next delivery made the image.
      expect(imageRequests(fake)).toBe(2);
      expect(requeues(jobId)).toEqual([120]);
      expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/1/`)).toEqual([]);
      expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/2/`)).not.toEqual([]);
      await expectLedger(userId, jobId, 'commit');
    },
  );

  it('sends a job back when the limit outlasts every retry, however short its Retry-After', async () => {
    fakes.openai.failNext(3, 429, { headers: { 'retry-after': '1' } });
    const { api, jobId, userId } = await send('limited-every-retry', 'openai');

    expect(await waitForSettled(api, jobId)).toMatchObject({ status: 'done' });
    expect(imageRequests(fakes.openai)).toBe(4);
    expect(requeues(jobId)).toEqual([1]);
    await expectLedger(userId, jobId, 'commit');
  });

  it('refunds a job at once, as before, when the wait would take it past its deadline', async () => {
    fakes.openai.failNext(1, 429, { headers: { 'retry-after': String(2 * 60 * 60) } });
    const { api, jobId, userId } = await send('limited-past-deadline', 'openai');

    expect(await waitForSettled(api, jobId)).toMatchObject({
      status: 'error',
      content: OPENAI_TEXTS.generate.other,
    });
    expect(imageRequests(fakes.openai)).toBe(1);
    expect(requeues(jobId)).toEqual([]);
    await expectLedger(userId, jobId, 'refund');
  });

  it('refunds a job rate-limited on every delivery once, on its last', async () => {
    fakes.openai.failNext(3, 429, { headers: { 'retry-after': '120' } });
    const { api, jobId, userId } = await send('limited-every-delivery', 'openai');

    expect(await waitForSettled(api, jobId)).toMatchObject({ status: 'error' });
    expect(imageRequests(fakes.openai)).toBe(3);
    expect(requeues(jobId)).toEqual([120, 120]);
    await expectLedger(userId, jobId, 'refund');
    expect((await queueStats(cloud.url)).dead_letters).toBe(0);
  });
});
