import type { ProviderId } from '@thumbnail-studio/contract';
import { PROVIDER_LABELS } from '@thumbnail-studio/contract';
import { type ProviderSecrets, presentKey } from './settings';

// Kept apart from the provider implementations, so the API functions that only
// list providers don't bundle the OpenAI and Gemini SDKs.

export const isProviderId = (value: unknown): value is ProviderId =>
  typeof value === 'string' && Object.hasOwn(PROVIDER_LABELS, value);

/**
 * The providers to offer, the default first: the ones with a key (gemini,
 * then openai), or, when no key is set, the offline 'local' provider if it is
 * allowed, else none (image generation is not set up).
 */
export function availableProviders(secrets: ProviderSecrets, offlineAllowed: boolean): ProviderId[] {
  const offered: ProviderId[] = [];
  if (presentKey(secrets.GEMINI_API_KEY)) offered.push('gemini');
  if (presentKey(secrets.OPENAI_API_KEY)) offered.push('openai');
  if (offered.length === 0 && offlineAllowed) offered.push('local');
  return offered;
}
