import { GEMINI_TEXTS, OPENAI_TEXTS } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { type Call, callAs } from '../support/api';
import { waitForSettled } from '../support/jobs';
import { readCreditItems } from '../support/ledger';
import { useLocalCloudWithFakeProviders } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { decodePayload } from '../support/tokens';
import { signUpUser } from '../support/users';

/**
 * A local cloud whose worker gives each job a short deadline, with the
 * providers pointed at fakes that can stall. Each provider attempt may take a
 * minute and the sweeper only refunds after an hour, so only the worker's own
 * deadline can settle a stalled job within seconds. It leaves room for a job that does not
 * stall to finish on a busy machine (the end-to-end tests run beside these).
 */
const JOB_DEADLINE_MS = 8_000;

const { cloud, fakes } = useLocalCloudWithFakeProviders({
  JOB_DEADLINE_MS: String(JOB_DEADLINE_MS),
  CLASSIFIER_TIMEOUT_MS: '500',
  PROVIDER_TIMEOUT_MS: '60000',
  JOB_STUCK_AFTER_MS: String(60 * 60_000),
  ...WITHOUT_IMAGE_CHECKS,
});

async function send(name: string, provider: 'openai' | 'gemini', content = 'A neon gaming thumbnail') {
  const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, name);
  const api = callAs(cloud.url, user.accessToken);
  const { id } = (await api('createConversation', { body: {} })).body.conversation;
  const sentAt = Date.now();
  const sent = await api('sendMessage', { params: { id }, body: { content, provider } });
  expect(sent.status).toBe(202);
  const settled = await waitForSettled(api, sent.body.assistantMessage.id, 20_000);
  const userId = String(decodePayload(user.accessToken).sub);
  return { api, conversationId: id, settled, tookMs: Date.now() - sentAt, userId };
}

/** The ledger's entry kinds, and the balance back where it started. */
async function expectRefunded(api: Call, userId: string) {
  expect((await api('getCredits')).body).toEqual({ credits: 3 });
  const { ledger, balance } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
  expect(balance).toBe(3);
  expect(ledger.map((e) => String(e.sk).split('#')[1]).sort()).toEqual(['initial', 'refund', 'reserve']);
}

describe('a job past its deadline', () => {
  it('is refunded by the worker with OpenAI’s text when the image call stalls', async () => {
    fakes.openai.mode('stall');
    const { api, settled, tookMs, userId } = await send('openai-stall', 'openai');
    expect(settled).toMatchObject({
      status: 'error',
      content: OPENAI_TEXTS.generate.other,
      is_image_message: false,
    });
    expect(tookMs).toBeGreaterThanOrEqual(JOB_DEADLINE_MS - 500);
    expect(tookMs).toBeLessThan(JOB_DEADLINE_MS + 8_000);
    // One attempt, cut short by the deadline: no retry followed it.
    expect(fakes.openai.requests.filter((r) => r.path === '/v1/images/generations')).toHaveLength(1);
    await expectRefunded(api, userId);
  });

  it('is refunded by the worker with Gemini’s text when the image call stalls', async () => {
    fakes.gemini.mode('stall');
    const { api, settled, tookMs, userId } = await send('gemini-stall', 'gemini');
    expect(settled).toMatchObject({
      status: 'error',
      content: `${GEMINI_TEXTS.generate.otherPrefix}The operation was aborted due to timeout`,
    });
    expect(tookMs).toBeLessThan(JOB_DEADLINE_MS + 8_000);
    await expectRefunded(api, userId);
  });
});

describe('a classifier that never answers', () => {
  it('is given up after its own short timeout, and the job makes a new image', async () => {
    // The classifier is asked only when there is an image to edit: the first send makes one.
    const { api, conversationId } = await send('classifier-stall', 'openai');
    fakes.openai.reset();
    fakes.openai.stallClassifier();
    const sent = await api('sendMessage', {
      params: { id: conversationId },
      body: { content: 'Now one with a racing car', provider: 'openai' },
    });
    const settled = await waitForSettled(api, sent.body.assistantMessage.id, 20_000);
    expect(settled).toMatchObject({ status: 'done', is_image_message: true, is_edit: false });
    // A new image with the earlier one as its reference, which OpenAI takes at its edits endpoint.
    expect(fakes.openai.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/images/edits']);
    expect((await api('getCredits')).body).toEqual({ credits: 1 });
  });
});
