import {
  GEMINI_TEXTS,
  OPENAI_TEXTS,
  type ProviderId,
  UNEXPECTED_ERROR_TEXT,
} from '@thumbnail-studio/contract';
import { rateLimitedFor } from './retrying-fetch';
import type { GenerationResult } from './types';

export type Operation = 'generate' | 'edit';

/**
 * What a creator reads when a provider call fails for a reason of its own (no
 * key, refusal or missing image involved), e.g. a stall or running out of
 * time: OpenAI's fixed text, Gemini's with the error's message. The offline
 * provider has no texts of its own, so it gets the general one.
 */
export function otherErrorText(provider: ProviderId, operation: Operation, message = ''): string {
  if (provider === 'openai') return OPENAI_TEXTS[operation].other;
  if (provider === 'gemini')
    return `${GEMINI_TEXTS[operation].otherPrefix}${message || GEMINI_TEXTS.unknownError}`;
  return UNEXPECTED_ERROR_TEXT;
}

/** A failed call's result, with how long to wait when the provider's rate limit ended the call. */
export function withRateLimit(result: { type: 'error'; content: string }, error: unknown): GenerationResult {
  const retryAfterMs = rateLimitedFor(error);
  return retryAfterMs === undefined ? result : { ...result, retryAfterMs };
}
