import type { ImageProvider, ProviderLog } from '@thumbnail-studio/providers';
import { logger } from '../lib/logger';
import { isProviderId } from './catalog';
import {
  classifierPolicy,
  type ProviderSecrets,
  presentKey,
  readProviderSettings,
  retryPolicy,
} from './settings';

export { availableProviders, isProviderId } from './catalog';

/** The shared request builders report to the backend's logger, which masks secret-shaped values. */
const log: ProviderLog = {
  warn: (message, attributes) => logger.warn(message, attributes),
  error: (message, attributes) => logger.error(message, attributes),
};

export type { ProviderSecrets } from './settings';

/**
 * Builds a provider from its id, the keys (from wherever the caller keeps
 * them) and the settings in `env`. A provider without its key still answers,
 * with the missing-key text that names the setting. An unknown id throws.
 */
export async function createProvider(
  id: string,
  secrets: ProviderSecrets,
  env: Record<string, string | undefined> = process.env,
): Promise<ImageProvider> {
  if (!isProviderId(id)) throw new Error(`Unknown image provider: ${id}`);
  const settings = readProviderSettings(env);
  // The offline studio (sharp, its font and emoji) is loaded only by a job that uses it.
  if (id === 'local') {
    const { createLocalProvider } = await import('./local');
    return createLocalProvider({ delayMs: settings.LOCAL_PROVIDER_DELAY_MS });
  }
  const retry = retryPolicy(settings);
  const classifierRetry = classifierPolicy(settings);
  // Each SDK is loaded on first use: a worker serving one provider never parses the other's.
  if (id === 'openai') {
    const [{ createOpenAIProvider }, sdk] = await Promise.all([
      import('@thumbnail-studio/providers'),
      import('openai'),
    ]);
    return createOpenAIProvider(sdk, {
      apiKey: presentKey(secrets.OPENAI_API_KEY),
      baseURL: settings.OPENAI_BASE_URL,
      log,
      imageModel: settings.OPENAI_IMAGE_MODEL,
      classifierModel: settings.OPENAI_CLASSIFIER_MODEL,
      retry,
      classifierRetry,
    });
  }
  const [{ createGeminiProvider }, sdk] = await Promise.all([
    import('@thumbnail-studio/providers'),
    import('@google/genai'),
  ]);
  return createGeminiProvider(sdk, {
    apiKey: presentKey(secrets.GEMINI_API_KEY),
    baseUrl: settings.GEMINI_BASE_URL,
    log,
    imageModel: settings.GEMINI_IMAGE_MODEL,
    classifierModel: settings.GEMINI_CLASSIFIER_MODEL,
    retry,
    classifierRetry,
  });
}
