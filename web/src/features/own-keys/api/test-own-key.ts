import { type OwnKeyProvider, PROVIDER_LABELS } from '@thumbnail-studio/contract';
import { PROVIDER_DEFAULTS } from '@thumbnail-studio/providers';
import { providerBaseUrl } from '../../../lib/browser-provider';

/** A test's verdict: the key works, or what the creator reads about it. */
export type KeyTestResult = { ok: true } | { ok: false; message: string };

export const keyRefusedText = (provider: OwnKeyProvider) =>
  `${PROVIDER_LABELS[provider]} refused this key. Check that it is copied whole and still active.`;
export const keyUnreachableText = (provider: OwnKeyProvider) =>
  `${PROVIDER_LABELS[provider]} could not be reached to test the key. Check your connection and try again.`;

/** How long a test waits for the provider's answer. */
const TEST_TIMEOUT_MS = 15_000;

/**
 * Tests a key with the cheapest call each provider has, from this browser through its official
 * SDK: OpenAI's model list, Gemini's details of the image model. Nothing is generated or billed.
 */
export async function testOwnKey(provider: OwnKeyProvider, apiKey: string): Promise<KeyTestResult> {
  try {
    if (provider === 'openai') {
      const { default: OpenAI } = await import('openai');
      const client = new OpenAI({
        apiKey,
        baseURL: providerBaseUrl(provider),
        dangerouslyAllowBrowser: true,
        maxRetries: 0,
        timeout: TEST_TIMEOUT_MS,
      });
      await client.models.list();
    } else {
      const { GoogleGenAI } = await import('@google/genai');
      const client = new GoogleGenAI({
        apiKey,
        httpOptions: { baseUrl: providerBaseUrl(provider), timeout: TEST_TIMEOUT_MS },
      });
      await client.models.get({ model: PROVIDER_DEFAULTS.GEMINI_IMAGE_MODEL });
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refused(error) ? keyRefusedText(provider) : keyUnreachableText(provider) };
  }
}

/** An answer that says the key is wrong: 401 or 403, or Google's 400 naming the API key. */
function refused(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  if (status === 401 || status === 403) return true;
  return status === 400 && /api[ _-]?key/i.test(error instanceof Error ? error.message : '');
}
