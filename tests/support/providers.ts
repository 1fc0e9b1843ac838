import type { ImageData, Person } from '@thumbnail-studio/providers';
import { createProvider } from '../../functions/src/image-providers';

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

/**
 * Text a prompt may hold that has broken renderers and JSON APIs before: control
 * characters, lone surrogates, bidi and zero-width marks, combining marks, emoji,
 * XML's special characters and the non-characters XML refuses.
 */
export const UNUSUAL_TEXTS: Record<string, string> = {
  nul: 'A\u0000B',
  escape: 'red \u001b[31m text',
  'lone high surrogate': 'half \ud800 an emoji',
  'lone low surrogate': 'half \udc00 an emoji',
  'right-to-left marks': '\u202eشكرا\u200f GO',
  'zero-width joiner': 'family 👨\u200d👩\u200d👧 time',
  'combining marks': 'Z\u0351\u0300\u0301A\u0310\u0311LGO',
  emoji: '🔥 EPIC 🚀 WIN 🎮',
  'XML special characters': `Tom & Jerry <3 "quotes" 'apostrophes' </text>`,
  'XML non-characters': 'A\ufffe\uffffB',
  'C1 controls and DEL': 'A\u0085\u009f\u007fB',
  '5000 of them': '🔥\u0000\ud800\u200d&<'.repeat(715).slice(0, 5000),
};

/** Whether text holds half of a surrogate pair, which JSON APIs may refuse. */
export const hasLoneSurrogate = (text: string): boolean =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
