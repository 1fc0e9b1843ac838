import { afterAll, beforeAll, inject } from 'vitest';
import type { FakeGemini } from '../fakes/gemini-server';
import type { FakeOpenAI } from '../fakes/openai-server';
import { fakeProviderEnv, useFakeProviders } from './fake-providers';
import { type RunningCloud, startCloudProcess } from './local-cloud-process';
import type { CloudAddress } from './users';

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
