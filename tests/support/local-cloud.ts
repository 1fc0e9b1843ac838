import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type FakeGemini, startFakeGemini } from '../fakes/gemini-server';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server';
import { type RunningCloud, startCloudProcess } from './local-cloud-process';
import type { CloudAddress } from './users';

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

/** A cloud's settings, or a function of them where they are known only once other fakes start. */
type CloudEnv = Record<string, string> | (() => Record<string, string>);
const settings = (env: CloudEnv) => (typeof env === 'function' ? env() : env);

/**
 * A local cloud of its own for the tests of one file, with the settings `env` gives: started before
 * them, stopped after. Read it through the returned object once started, as one would the running
 * cloud itself.
 */
export function useLocalCloud(env: CloudEnv = {}): RunningCloud {
  let cloud: RunningCloud | undefined;
  beforeAll(async () => {
    cloud = await startCloudProcess({ env: settings(env) });
  }, 120_000);
  afterAll(() => cloud?.stop());
  const started = (): RunningCloud => {
    if (!cloud) throw new Error('the local cloud is not started yet');
    return cloud;
  };
  return {
    get url() {
      return started().url;
    },
    get dataDir() {
      return started().dataDir;
    },
    get runtime() {
      return started().runtime;
    },
    get child() {
      return started().child;
    },
    output: () => started().output(),
    stop: () => started().stop(),
  };
}

/**
 * A local cloud of its own whose real providers are a fake OpenAI and a fake Gemini server (reset
 * before each test), with the settings `env` adds: how the tests of the worker, the checks after a
 * generation and the provider failures run the whole app without a network.
 */
export function useLocalCloudWithFakeProviders(env: CloudEnv = {}): {
  cloud: RunningCloud;
  fakes: { readonly openai: FakeOpenAI; readonly gemini: FakeGemini };
} {
  const fakes = useFakeProviders();
  const cloud = useLocalCloud(() => ({ ...fakeProviderEnv(fakes), ...settings(env) }));
  return { cloud, fakes };
}

/** The test run's shared local cloud, which the integration project's global setup starts. */
export const sharedCloud = (): CloudAddress => ({
  url: inject('baseUrl'),
  dataDir: inject('dataDir'),
  runtime: inject('runtime'),
});
