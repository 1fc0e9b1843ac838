import { logger } from '../lib/logger';

/** Logs a provider failure's internal cause; users only ever see the contract's provider texts. */
export function logProviderError(provider: string, operation: string, error: unknown) {
  logger.error('provider call failed', { provider, operation, error });
}
