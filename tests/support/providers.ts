import { createProvider } from '../../functions/src/providers';
import type { ImageData, Person } from '../../functions/src/providers/types';

/** Test support for the provider tests: a provider against a fake server, and sample inputs. */

const KEYS = {
  openai: ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'sk-test'],
  gemini: ['GEMINI_API_KEY', 'GEMINI_BASE_URL', 'AIza-test'],
};

/**
 * A provider pointed at a fake server, with fast back-off and a short timeout through the
 * settings, so retries and stalls take milliseconds. `key: null` builds it without a key.
 */
export const providerAgainst =
  (id: 'openai' | 'gemini', baseUrl: () => string) =>
  (env: Record<string, string> = {}, key: string | null = KEYS[id][2] ?? '') => {
    const [keyName = '', urlName = ''] = KEYS[id];
    return createProvider(
      id,
      { [keyName]: key ?? undefined },
      {
        [urlName]: baseUrl(),
        PROVIDER_RETRY_INITIAL_MS: '1',
        PROVIDER_RETRY_MAX_MS: '4',
        PROVIDER_TIMEOUT_MS: '5000',
        ...env,
      },
    );
  };

export const generation = { prompt: 'A cat astronaut', references: [], people: [] };
export const jpegOf = (...tail: number[]): ImageData => ({
  bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...tail]),
  mimeType: 'image/jpeg',
});

/** A person with `count` distinct photo stand-ins, the primary first: photo i (from 0) ends in bytes `tag, i`. */
export const personWith = (name: string, count: number, tag: number): Person => ({
  name,
  photos: Array.from({ length: count }, (_, i) => jpegOf(tag, i)),
});
