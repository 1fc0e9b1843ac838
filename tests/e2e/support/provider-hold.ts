import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file whose presence holds the offline provider's answers (LOCAL_PROVIDER_HOLD_FILE). */
export const providerHoldFile = (dataDir = process.env.E2E_DATA_DIR ?? '') =>
  path.join(dataDir, 'provider-hold');

/**
 * Holds every job's answer from now until `release`, so a test can watch a job in flight
 * (its placeholder, a reload in the middle) for as long as it needs, on any machine.
 */
export class ProviderHold {
  hold() {
    writeFileSync(providerHoldFile(), '');
  }

  release() {
    rmSync(providerHoldFile(), { force: true });
  }
}
