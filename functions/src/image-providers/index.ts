import type { ImageProvider } from '@thumbnail-studio/providers';
import { isProviderId } from './catalog';
import { createKeyedProvider } from './keyed';
import { type ProviderSecrets, readProviderSettings } from './settings';

export { availableProviders, isProviderId } from './catalog';

export type { ProviderSecrets } from './settings';

/** The offline studio's module, loaded on first use and kept (see `createKeyedProvider` for the SDKs). */
const modules: { local?: Promise<typeof import('./local')> } = {};

/**
 * Builds a provider from its id, the keys (from wherever the caller keeps
 * them) and the settings in `env`. A provider without its key still answers,
 * with the missing-key text that names the setting. An unknown id throws.
 */
export async function createProvider(
  id: string,
  secrets: ProviderSecrets,
  env: Record<string, string | undefined> = process.env,
): Promise<ImageProvider> {
  if (!isProviderId(id)) throw new Error(`Unknown image provider: ${id}`);
  // The offline studio (sharp, its font and emoji) is loaded only by a job that uses it.
  if (id === 'local') {
    const settings = readProviderSettings(env);
    modules.local ??= import('./local');
    const { createLocalProvider } = await modules.local;
    return createLocalProvider({
      delayMs: settings.LOCAL_PROVIDER_DELAY_MS,
      holdFile: settings.LOCAL_PROVIDER_HOLD_FILE,
    });
  }
  return createKeyedProvider(id, secrets, env);
}
