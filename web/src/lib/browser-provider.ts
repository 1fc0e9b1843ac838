import type { OwnKeyProvider } from '@thumbnail-studio/contract';
import {
  createGeminiProvider,
  createOpenAIProvider,
  PROVIDER_DEFAULTS as D,
  type ImageProvider,
  type ProviderLog,
  type RetryPolicy,
} from '@thumbnail-studio/providers';
import { getRuntimeConfig } from '../config/runtime-config';

/**
 * The image providers called from this browser with the creator's own key, through the same
 * request builders, prompts, retries and error texts as the backend's worker. Loaded on demand
 * (the SDKs come with it), never with the chat screen.
 */

const retry: RetryPolicy = {
  maxRetries: D.PROVIDER_MAX_RETRIES,
  timeoutMs: D.PROVIDER_TIMEOUT_MS,
  initialDelayMs: D.PROVIDER_RETRY_INITIAL_MS,
  maxDelayMs: D.PROVIDER_RETRY_MAX_MS,
};
const classifierRetry: RetryPolicy = { ...retry, maxRetries: 0, timeoutMs: D.CLASSIFIER_TIMEOUT_MS };

/** The console only, and only what went wrong: never a request's headers, where the key travels. */
const log: ProviderLog = {
  warn: (message, { path, reason }) => console.warn(message, path, reason),
  error: (message, { provider, operation, error }) =>
    console.error(message, provider, operation, String(error)),
};

/** Where a provider's API answers: its own host, unless the site's config names another (the fakes in tests). */
export const providerBaseUrl = (provider: OwnKeyProvider): string =>
  getRuntimeConfig().providerBaseUrls?.[provider] ??
  (provider === 'openai' ? D.OPENAI_BASE_URL : D.GEMINI_BASE_URL);

/** The provider, ready to classify, generate and edit with `apiKey`. */
export async function browserProvider(provider: OwnKeyProvider, apiKey: string): Promise<ImageProvider> {
  const common = { apiKey, retry, classifierRetry, log, ownKey: true };
  if (provider === 'openai') {
    return createOpenAIProvider(await import('openai'), {
      ...common,
      baseURL: providerBaseUrl(provider),
      imageModel: D.OPENAI_IMAGE_MODEL,
      classifierModel: D.OPENAI_CLASSIFIER_MODEL,
    });
  }
  return createGeminiProvider(await import('@google/genai'), {
    ...common,
    baseUrl: providerBaseUrl(provider),
    imageModel: D.GEMINI_IMAGE_MODEL,
    classifierModel: D.GEMINI_CLASSIFIER_MODEL,
  });
}
