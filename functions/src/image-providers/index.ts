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
 * Each provider's modules, loaded on first use and kept: a worker serving one provider never
 * parses the other's SDK, and a job does not pay for resolving them again (every import() call
 * does, even of a module already loaded).
 */
const modules: {
  local?: Promise<typeof import('./local')>;
  openai?: Promise<[typeof import('@thumbnail-studio/providers'), typeof import('openai')]>;
  gemini?: Promise<[typeof import('@thumbnail-studio/providers'), typeof import('@google/genai')]>;
} = {};

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
    modules.local ??= import('./local');
    const { createLocalProvider } = await modules.local;
    return createLocalProvider({
      delayMs: settings.LOCAL_PROVIDER_DELAY_MS,
      holdFile: settings.LOCAL_PROVIDER_HOLD_FILE,
    });
  }
  const retry = retryPolicy(settings);
  const classifierRetry = classifierPolicy(settings);
  if (id === 'openai') {
    modules.openai ??= Promise.all([import('@thumbnail-studio/providers'), import('openai')]);
    const [{ createOpenAIProvider }, sdk] = await modules.openai;
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
  modules.gemini ??= Promise.all([import('@thumbnail-studio/providers'), import('@google/genai')]);
  const [{ createGeminiProvider }, sdk] = await modules.gemini;
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
