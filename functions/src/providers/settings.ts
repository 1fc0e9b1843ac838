import * as z from 'zod';
import type { RetryPolicy } from './retrying-fetch';

/** An unset or blank variable takes the default, so `OPENAI_BASE_URL=` in a .env file is harmless. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const count = (fallback: number) => setting(z.coerce.number().int().min(0).default(fallback));
const millis = (fallback: number) => setting(z.coerce.number().int().positive().default(fallback));

/**
 * Provider settings with their defaults (see .env.example). Model ids are
 * settings because vendors retire models (DESIGN.md decision 6).
 */
export const providerSettingsSchema = z.object({
  OPENAI_BASE_URL: setting(z.url().default('https://api.openai.com/v1')),
  OPENAI_IMAGE_MODEL: setting(z.string().default('gpt-image-2')),
  OPENAI_CLASSIFIER_MODEL: setting(z.string().default('gpt-4o-mini')),
  GEMINI_BASE_URL: setting(z.url().default('https://generativelanguage.googleapis.com')),
  GEMINI_IMAGE_MODEL: setting(z.string().default('gemini-3.1-flash-image')),
  GEMINI_CLASSIFIER_MODEL: setting(z.string().default('gemini-2.5-flash-lite')),
  /** SPEC section 9: timeout 600000 ms, 2 retries, back-off from 0.5 s to 8 s. */
  PROVIDER_TIMEOUT_MS: millis(600_000),
  PROVIDER_MAX_RETRIES: count(2),
  PROVIDER_RETRY_INITIAL_MS: millis(500),
  PROVIDER_RETRY_MAX_MS: millis(8_000),
  /** The offline provider waits this long before answering, to show a job in flight (0: no wait). */
  LOCAL_PROVIDER_DELAY_MS: count(0),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** Provider keys; the caller decides where they come from (Secrets Manager in AWS, the environment locally). */
export interface ProviderSecrets {
  OPENAI_API_KEY?: string | undefined;
  GEMINI_API_KEY?: string | undefined;
}

/** Reads the settings, failing loudly with the variable's name. */
export function readProviderSettings(env: Record<string, string | undefined>): ProviderSettings {
  const parsed = providerSettingsSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`Invalid provider setting ${String(issue?.path[0])}: ${issue?.message}`);
}

export const retryPolicy = (settings: ProviderSettings): RetryPolicy => ({
  maxRetries: settings.PROVIDER_MAX_RETRIES,
  timeoutMs: settings.PROVIDER_TIMEOUT_MS,
  initialDelayMs: settings.PROVIDER_RETRY_INITIAL_MS,
  maxDelayMs: settings.PROVIDER_RETRY_MAX_MS,
});

/** A key that is blank counts as missing. */
export const presentKey = (key: string | undefined): string | undefined =>
  key?.trim() ? key.trim() : undefined;
