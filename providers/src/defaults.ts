/**
 * The providers' defaults, one copy for the worker's settings and the browser (a creator's own
 * key): where each API answers, the current models (vendors retire them, so the backend reads
 * them as settings) and the call limits: 10 minutes per attempt, 2 retries, back-off from
 * 0.5 s up to 8 s, and one 15 s attempt for the classifier.
 */
export const PROVIDER_DEFAULTS = {
  OPENAI_BASE_URL: 'https://api.openai.com/v1',
  OPENAI_IMAGE_MODEL: 'gpt-image-2',
  OPENAI_CLASSIFIER_MODEL: 'gpt-4o-mini',
  GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com',
  GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image',
  GEMINI_CLASSIFIER_MODEL: 'gemini-2.5-flash-lite',
  PROVIDER_TIMEOUT_MS: 600_000,
  PROVIDER_MAX_RETRIES: 2,
  PROVIDER_RETRY_INITIAL_MS: 500,
  PROVIDER_RETRY_MAX_MS: 8_000,
  CLASSIFIER_TIMEOUT_MS: 15_000,
} as const;

/** The origins a browser calls the providers at by default, for the Content-Security-Policy. */
export const PROVIDER_ORIGINS = [
  new URL(PROVIDER_DEFAULTS.OPENAI_BASE_URL).origin,
  new URL(PROVIDER_DEFAULTS.GEMINI_BASE_URL).origin,
] as const;
