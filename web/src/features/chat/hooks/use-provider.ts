import type { OwnKeyProvider } from '@thumbnail-studio/contract';
import { useCallback, useMemo, useState } from 'react';
import { useProviders } from '../api/get-providers';
import { chooseProvider, withOwnKeys } from '../utils/choose-provider';

const NO_OWN_KEYS: readonly OwnKeyProvider[] = [];

const STORAGE_KEY = 'thumbnail-studio.provider';

function readStoredProvider(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The providers on offer and the chosen one, remembered across visits while still offered: the
 * backend's, and those the creator has a key of their own for (called from this browser, marked
 * as theirs in the picker).
 */
export function useProvider(ownKeyProviders: readonly OwnKeyProvider[] = NO_OWN_KEYS) {
  const providers = useProviders();
  const [stored, setStored] = useState<string | null>(readStoredProvider);
  const setProvider = useCallback((next: string) => {
    setStored(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Without storage the choice still holds for this visit.
    }
  }, []);
  const list = useMemo(
    () => providers.data && withOwnKeys(providers.data, ownKeyProviders),
    [providers.data, ownKeyProviders],
  );
  const options = list?.providers ?? [];
  const provider = list ? chooseProvider(list, stored) : undefined;
  return { options, provider, setProvider, isLoading: providers.isPending };
}
