import { GEMINI_TEXTS, OPENAI_TEXTS } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { generation, jpegOf, providerAgainst, useFakeProviders } from '../../tests/support/providers';
import { classifyRequest } from './classify';
import type { ChatTurn } from './types';

/**
 * How long a provider call may take, for both SDK providers against fake
 * servers that stall: an abort ends a call at once, waiting and backing off
 * included, and the classifier gets one short attempt.
 */

const fakes = useFakeProviders();

const history: ChatTurn[] = [
  { role: 'user', text: 'A red car', hasImages: false },
  { role: 'assistant', text: 'Processing your request...', hasImages: false },
];

/** Milliseconds `work` took to settle, and what it settled with. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work;
  return { ms: performance.now() - started, value };
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
    const { ms, value } = await timed(
      (await provider()).generate({ ...generation, signal: AbortSignal.timeout(200) }),
    );
    expect(value).toEqual({ type: 'error', content: other.generate });
    expect(ms).toBeLessThan(2_000);
    expect(fake().requests).toHaveLength(1);
  });

  it('ends a stalled edit when its signal aborts', async () => {
    fake().mode('stall');
    const edit = { prompt: 'Make it brighter', images: [jpegOf(1)], people: [] };
    const { ms, value } = await timed((await provider()).edit({ ...edit, signal: AbortSignal.timeout(200) }));
    expect(value).toEqual({ type: 'error', content: other.edit });
    expect(ms).toBeLessThan(2_000);
  });

  it('ends the back-off between attempts when its signal aborts', async () => {
    // A 30 s retry-after is honoured (under 60 s), so the client would wait that long before retrying.
    fake().failNext(1, 503, { headers: { 'retry-after': '30' } });
    const { ms, value } = await timed(
      (await provider()).generate({ ...generation, signal: AbortSignal.timeout(300) }),
    );
    expect(value.type).toBe('error');
    expect(ms).toBeLessThan(2_000);
    expect(fake().requests).toHaveLength(1);
  });

  it('gives an aborted call no attempt at all', async () => {
    const signal = AbortSignal.abort();
    expect((await (await provider()).generate({ ...generation, signal })).type).toBe('error');
    expect(fake().requests).toHaveLength(0);
  });

  it('gives the classifier one attempt within its own short timeout, then a new image', async () => {
    fake().stallClassifier();
    const classifier = await provider({ CLASSIFIER_TIMEOUT_MS: '200' });
    const { ms, value } = await timed(classifyRequest(history, 'Make it brighter', classifier));
    expect(value).toBe('NEW_IMAGE');
    expect(ms).toBeLessThan(2_000);
    expect(fake().requests.map((r) => r.path)).toEqual([classifierPath]);
  });

  it('does not retry the classifier: a failed answer is a new image', async () => {
    fake().failNext(1, 500);
    fake().classifyAnswer('IMAGE_EDIT');
    expect(await classifyRequest(history, 'Make it brighter', await provider())).toBe('NEW_IMAGE');
    expect(fake().requests).toHaveLength(1);
  });

  it('ends the classifier when the job aborts it, before its own timeout', async () => {
    fake().stallClassifier();
    const classifier = await provider({ CLASSIFIER_TIMEOUT_MS: '60000' });
    const { ms, value } = await timed(
      classifier.classify(history, 'Make it brighter', { signal: AbortSignal.timeout(200) }).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(value).toBe('failed');
    expect(ms).toBeLessThan(2_000);
  });
});
