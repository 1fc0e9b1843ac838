import type { ImageProvider, ProviderLog } from '@thumbnail-studio/providers';
import { logger } from '../lib/logger';
import {
  classifierPolicy,
  type ProviderSecrets,
  presentKey,
  readProviderSettings,
  retryPolicy,
} from './settings';

/** The shared request builders report to the backend's logger, which masks secret-shaped values. */
const log: ProviderLog = {
  warn: (message, attributes) => logger.warn(message, attributes),
  error: (message, attributes) => logger.error(message, attributes),
};

/**
 * Each SDK with the shared builders, loaded on first use and kept: a function serving one provider
 * never parses the other's SDK, and a call does not pay for resolving them again (every import()
 * call does, even of a module already loaded).
 */
const modules: {
  openai?: Promise<[typeof import('@thumbnail-studio/providers'), typeof import('openai')]>;
  gemini?: Promise<[typeof import('@thumbnail-studio/providers'), typeof import('@google/genai')]>;
} = {};

/**
 * One of the providers called with a key (OpenAI or Gemini) through its official SDK, with the
 * settings in `env`. Kept apart from the offline provider, so a function that only needs a
 * provider's text model (title ideas) does not bundle the offline studio.
 */
export async function createKeyedProvider(
  id: 'openai' | 'gemini',
  secrets: ProviderSecrets,
  env: Record<string, string | undefined> = process.env,
): Promise<ImageProvider> {
  const settings = readProviderSettings(env);
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
