import { type OwnKeyProvider, PROVIDER_LABELS, type ProviderList } from '@thumbnail-studio/contract';

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

/** How the picker names a provider called with the creator's own key. */
export const ownKeyLabel = (provider: OwnKeyProvider) => `${PROVIDER_LABELS[provider]} (your key)`;

/**
 * The backend's providers with those the creator has a key of their own for: such a provider
 * is named as theirs (their key is used even where the backend has one) and added if the
 * backend does not offer it. The backend's default stays the default.
 */
export function withOwnKeys(list: ProviderList, own: readonly OwnKeyProvider[]): ProviderList {
  if (own.length === 0) return list;
  const mine = (id: string) => own.find((provider) => provider === id);
  const offered = list.providers.map((option) => {
    const provider = mine(option.id);
    return provider ? { id: provider, label: ownKeyLabel(provider) } : option;
  });
  const added = own
    .filter((provider) => !list.providers.some((option) => option.id === provider))
    .map((provider) => ({ id: provider, label: ownKeyLabel(provider) }));
  return { ...list, providers: [...offered, ...added] };
}
