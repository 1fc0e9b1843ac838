import { describe, expect, it } from 'vitest';
import { FAKE_TITLE_IDEAS, TITLE_REQUEST_MARK } from '../../../tests/fakes/fake-http';
import { fakeProviderEnv, useFakeProviders } from '../../../tests/support/fake-providers';
import { titleIdeasFrom } from '../core/title-ideas';
import { writeWithTextModel } from './title-writer';

const fakes = useFakeProviders();
const request = { subject: 'A log cabin in the snow', thumbnailText: ['30 DAYS'], videoTitle: 'My Cabin' };

/** The writer with both keys set and the SDKs pointed at the fakes. */
const write = (
  wanted: string | undefined,
  options: { timeoutMs?: number; keys?: 'openai' | 'both' } = {},
) => {
  const env = fakeProviderEnv(fakes);
  const secrets =
    options.keys === 'openai'
      ? { OPENAI_API_KEY: env.OPENAI_API_KEY }
      : { OPENAI_API_KEY: env.OPENAI_API_KEY, GEMINI_API_KEY: env.GEMINI_API_KEY };
  return writeWithTextModel(request, wanted, {
    secrets,
    offlineAllowed: true,
    env: { ...env, PROVIDER_RETRY_INITIAL_MS: '1', PROVIDER_RETRY_MAX_MS: '4' },
    timeoutMs: options.timeoutMs,
  });
};
/** Whether a fake was asked for titles (its text request carries the instructions). */
const askedTitles = (fake: { requests: { body: unknown }[] }) =>
  fake.requests.some((call) => JSON.stringify(call.body).includes(TITLE_REQUEST_MARK));

describe('writeWithTextModel', () => {
  it('asks the provider asked for when it is offered, through its SDK', async () => {
    expect(await write('openai')).toBe(FAKE_TITLE_IDEAS);
    expect([askedTitles(fakes.openai), askedTitles(fakes.gemini)]).toEqual([true, false]);
  });

  it('asks the default provider (Gemini) for none, or one not offered', async () => {
    fakes.gemini.titlesAnswer('A\nB');
    expect(await write(undefined)).toBe('A\nB');
    expect(await write('local')).toBe('A\nB');
    expect(askedTitles(fakes.openai)).toBe(false);
    expect(await write('gemini', { keys: 'openai' })).toBe(FAKE_TITLE_IDEAS);
  });

  it("answers nothing without a key (the offline provider's writer is the template writer)", async () => {
    const offline = await writeWithTextModel(request, 'local', { secrets: {}, offlineAllowed: true });
    expect(offline).toBeUndefined();
    expect(
      await writeWithTextModel(request, undefined, { secrets: {}, offlineAllowed: false }),
    ).toBeUndefined();
  });

  it('answers nothing when the model fails or is too slow, so the template writer answers', async () => {
    fakes.openai.failNext(1, 500);
    expect(await write('openai')).toBeUndefined();

    fakes.gemini.stallClassifier();
    const started = Date.now();
    expect(await write('gemini', { timeoutMs: 200 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(titleIdeasFrom(undefined, request)).toHaveLength(5);
  });
});
