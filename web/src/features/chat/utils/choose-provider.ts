import type { ProviderList } from '@thumbnail-studio/contract';

/**
 * The provider to use: the stored choice while the backend still offers it, else the backend's
 * default, else the first offered. Undefined when nothing is offered (the backend then picks).
 */
export function chooseProvider(list: ProviderList, stored: string | null): string | undefined {
  const offered = (id: string | null | undefined): id is string =>
    Boolean(id) && list.providers.some((provider) => provider.id === id);
  if (offered(stored)) return stored;
  if (offered(list.default)) return list.default;
  return list.providers[0]?.id;
}
