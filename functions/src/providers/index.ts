import { createGeminiProvider } from './gemini';
import { createLocalProvider } from './local';
import { createOpenAIProvider } from './openai';
import { type ProviderSecrets, presentKey, readProviderSettings, retryPolicy } from './settings';
import type { ImageProvider, ProviderId } from './types';

export type { ProviderSecrets } from './settings';

/** Labels for the provider picker (SPEC section 9); the offline one says what it is. */
export const providerLabels: Record<ProviderId, string> = {
  gemini: 'Gemini Nano Banana',
  openai: 'OpenAI GPT-Image',
  local: 'Offline preview (no AI)',
};

export const isProviderId = (value: unknown): value is ProviderId =>
  typeof value === 'string' && Object.hasOwn(providerLabels, value);

/**
 * The providers to offer, the default first: the ones with a key (gemini,
 * then openai), or only the offline 'local' provider when no key is set.
 */
export function availableProviders(secrets: ProviderSecrets): ProviderId[] {
  const offered: ProviderId[] = [];
  if (presentKey(secrets.GEMINI_API_KEY)) offered.push('gemini');
  if (presentKey(secrets.OPENAI_API_KEY)) offered.push('openai');
  return offered.length > 0 ? offered : ['local'];
}

/**
 * Builds a provider from its id, the keys (from wherever the caller keeps
 * them) and the settings in `env`. A provider without its key still answers,
 * with SPEC section 8's missing-key text. An unknown id throws.
 */
export function createProvider(
  id: string,
  secrets: ProviderSecrets,
  env: Record<string, string | undefined> = process.env,
): ImageProvider {
  if (!isProviderId(id)) throw new Error(`Unknown image provider: ${id}`);
  const settings = readProviderSettings(env);
  if (id === 'local') return createLocalProvider({ delayMs: settings.LOCAL_PROVIDER_DELAY_MS });
  const retry = retryPolicy(settings);
  if (id === 'openai') {
    return createOpenAIProvider({
      apiKey: presentKey(secrets.OPENAI_API_KEY),
      baseURL: settings.OPENAI_BASE_URL,
      imageModel: settings.OPENAI_IMAGE_MODEL,
      classifierModel: settings.OPENAI_CLASSIFIER_MODEL,
      retry,
    });
  }
  return createGeminiProvider({
    apiKey: presentKey(secrets.GEMINI_API_KEY),
    baseUrl: settings.GEMINI_BASE_URL,
    imageModel: settings.GEMINI_IMAGE_MODEL,
    classifierModel: settings.GEMINI_CLASSIFIER_MODEL,
    retry,
  });
}
