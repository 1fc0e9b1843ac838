import { PROVIDER_LABELS, type ProviderId, type ProviderList } from '@thumbnail-studio/contract';
import { readJobTimings } from '../data/job-timings-repo';
import { logger } from '../lib/logger';

/**
 * The providers offered, the default first, each with how long its recent jobs took (for the
 * time left a waiting job shows); a read of the timings that fails costs only them.
 */
export async function providerList(offered: readonly ProviderId[]): Promise<ProviderList> {
  const timings = await readJobTimings(offered).catch((error: unknown) => {
    logger.warn('job timings not read', { error });
    return new Map<ProviderId, null>();
  });
  return {
    providers: offered.map((id) => ({ id, label: PROVIDER_LABELS[id], timing: timings.get(id) ?? null })),
    default: offered[0],
  };
}
