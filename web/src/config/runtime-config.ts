import { type RuntimeConfig, runtimeConfigSchema } from '@thumbnail-studio/contract';

export class ConfigError extends Error {}

let current: RuntimeConfig | undefined;

/** Fetches and validates the runtime config once; later calls reuse it. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (current) return current;
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new ConfigError(`Could not load /config.json (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new ConfigError(`Invalid /config.json: check ${fields}`);
  }
  current = parsed.data;
  return current;
}

/** The loaded config; only valid after `loadRuntimeConfig` resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Runtime config used before it was loaded');
  return current;
}
