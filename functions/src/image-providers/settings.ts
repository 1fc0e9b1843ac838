import type { RetryPolicy } from '@thumbnail-studio/providers';
import { type ProviderSettings, parseSettings, providerSettingsSchema } from '../lib/settings';

export type { ProviderSettings } from '../lib/settings';

/** Provider keys; the caller decides where they come from (Secrets Manager in AWS, the environment locally). */
export interface ProviderSecrets {
  OPENAI_API_KEY?: string | undefined;
  GEMINI_API_KEY?: string | undefined;
}

/** The provider settings in `env`, with the backend's one rule for blank values and defaults. */
export const readProviderSettings = (env: Record<string, string | undefined>): ProviderSettings =>
  parseSettings(providerSettingsSchema, env);

export const retryPolicy = (settings: ProviderSettings): RetryPolicy => ({
  maxRetries: settings.PROVIDER_MAX_RETRIES,
  timeoutMs: settings.PROVIDER_TIMEOUT_MS,
  initialDelayMs: settings.PROVIDER_RETRY_INITIAL_MS,
  maxDelayMs: settings.PROVIDER_RETRY_MAX_MS,
});

/** The classifier's one short attempt: no retries, since a late or failed answer only means a new image. */
export const classifierPolicy = (settings: ProviderSettings): RetryPolicy => ({
  ...retryPolicy(settings),
  maxRetries: 0,
  timeoutMs: settings.CLASSIFIER_TIMEOUT_MS,
});

/** A key that is blank counts as missing. */
export const presentKey = (key: string | undefined): string | undefined =>
  key?.trim() ? key.trim() : undefined;
