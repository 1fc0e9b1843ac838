import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeGemini, startFakeGemini } from '../fakes/gemini-server';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server';

/**
 * A fake OpenAI and a fake Gemini server for the tests of one file: started before them,
 * reset before each, stopped after. Read them through the returned object once started.
 */
export function useFakeProviders(): { readonly openai: FakeOpenAI; readonly gemini: FakeGemini } {
  let openai: FakeOpenAI | undefined;
  let gemini: FakeGemini | undefined;
  beforeAll(async () => {
    [openai, gemini] = await Promise.all([startFakeOpenAI(), startFakeGemini()]);
  });
  afterAll(() => Promise.all([openai?.stop(), gemini?.stop()]));
  beforeEach(() => {
    openai?.reset();
    gemini?.reset();
  });
  const started = <T>(fake: T | undefined, name: string): T => {
    if (!fake) throw new Error(`the fake ${name} server is not started yet`);
    return fake;
  };
  return {
    get openai() {
      return started(openai, 'OpenAI');
    },
    get gemini() {
      return started(gemini, 'Gemini');
    },
  };
}

/** The local cloud's settings that point both real providers, with test keys, at the fakes. */
export const fakeProviderEnv = (fakes: { readonly openai: FakeOpenAI; readonly gemini: FakeGemini }) => ({
  OPENAI_API_KEY: 'test-openai-key',
  GEMINI_API_KEY: 'test-gemini-key',
  OPENAI_BASE_URL: fakes.openai.url,
  GEMINI_BASE_URL: fakes.gemini.url,
});
