import { GEMINI_TEXTS, OPENAI_TEXTS } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { useFakeProviders } from '../../tests/support/fake-providers';
import { generation, jpegOf, providerAgainst } from '../../tests/support/providers';
import { classifyRequest } from './classify';
import type { ChatTurn } from './types';

/**
 * How long a provider call may take, for both SDK providers against fake
 * servers that stall: an abort ends a call at once, waiting and backing off
 * included, and the classifier gets one short attempt. A stalled call that
 * nothing ends would run past the test's own timeout, which is how these fail.
 */

const fakes = useFakeProviders();

const history: ChatTurn[] = [
  { role: 'user', text: 'A red car', hasImages: false },
  { role: 'assistant', text: 'Processing your request...', hasImages: false },
];

/**
 * A signal that aborts once the fake has received `count` requests: the abort then comes while
 * the call waits for its answer (or backs off), however slowly a loaded machine sent it.
 */
function abortOnceAsked(fake: { requests: unknown[] }, count = 1): AbortSignal {
  const controller = new AbortController();
  const timer = setInterval(() => {
    if (fake.requests.length < count) return;
    clearInterval(timer);
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, 10);
  return controller.signal;
}

const cases = [
  {
    id: 'openai' as const,
    fake: () => fakes.openai,
    provider: providerAgainst('openai', () => fakes.openai.url),
    classifierPath: '/v1/chat/completions',
    other: { generate: OPENAI_TEXTS.generate.other, edit: OPENAI_TEXTS.edit.other },
  },
  {
    id: 'gemini' as const,
    fake: () => fakes.gemini,
    provider: providerAgainst('gemini', () => fakes.gemini.url),
    classifierPath: '/v1beta/models/gemini-2.5-flash-lite:generateContent',
    other: {
      generate: expect.stringMatching(new RegExp(`^${GEMINI_TEXTS.generate.otherPrefix}\\S`)),
      edit: expect.stringMatching(new RegExp(`^${GEMINI_TEXTS.edit.otherPrefix}\\S`)),
    },
  },
];

describe.each(cases)('$id call limits', ({ fake, provider, classifierPath, other }) => {
  // Each attempt may take 5 s and two retries follow: only the abort can end these calls quickly.
  it('ends a stalled generation when its signal aborts, without retrying', async () => {
    fake().mode('stall');
    const value = await (await provider()).generate({ ...generation, signal: abortOnceAsked(fake()) });
    expect(value).toEqual({ type: 'error', content: other.generate });
    expect(fake().requests).toHaveLength(1);
  });

  it('ends a stalled edit when its signal aborts', async () => {
    fake().mode('stall');
    const edit = { prompt: 'Make it brighter', images: [jpegOf(1)], people: [] };
    const value = await (await provider()).edit({ ...edit, signal: abortOnceAsked(fake()) });
    expect(value).toEqual({ type: 'error', content: other.edit });
    expect(fake().requests).toHaveLength(1);
  });

  it('ends the back-off between attempts when its signal aborts', async () => {
    // A 30 s retry-after is honoured (under 60 s), so the client would wait that long before retrying.
    fake().failNext(1, 503, { headers: { 'retry-after': '30' } });
    const value = await (await provider()).generate({ ...generation, signal: abortOnceAsked(fake()) });
    expect(value.type).toBe('error');
    expect(fake().requests).toHaveLength(1);
  });

  it('gives an aborted call no attempt at all', async () => {
    const signal = AbortSignal.abort();
    expect((await (await provider()).generate({ ...generation, signal })).type).toBe('error');
    expect(fake().requests).toHaveLength(0);
  });

  it('gives the classifier one attempt within its own short timeout, then a new image', async () => {
    fake().stallClassifier();
    // Long enough for a loaded machine to send the request, far under the test's own timeout.
    const classifier = await provider({ CLASSIFIER_TIMEOUT_MS: '1500' });
    expect(await classifyRequest(history, 'Make it brighter', classifier)).toBe('NEW_IMAGE');
    expect(fake().requests.map((r) => r.path)).toEqual([classifierPath]);
  }, 15_000);

  it('does not retry the classifier: a failed answer is a new image', async () => {
    fake().failNext(1, 500);
    fake().classifyAnswer('IMAGE_EDIT');
    expect(await classifyRequest(history, 'Make it brighter', await provider())).toBe('NEW_IMAGE');
    expect(fake().requests).toHaveLength(1);
  });

  it('ends the classifier when the job aborts it, before its own timeout', async () => {
    fake().stallClassifier();
    const classifier = await provider({ CLASSIFIER_TIMEOUT_MS: '60000' });
    const value = await classifier
      .classify(history, 'Make it brighter', { signal: abortOnceAsked(fake()) })
      .then(
        () => 'answered',
        () => 'failed',
      );
    expect(value).toBe('failed');
    expect(fake().requests).toHaveLength(1);
  });
});
