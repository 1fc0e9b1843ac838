import { useCallback, useState } from 'react';
import { useProviders } from '../api/get-providers';
import { chooseProvider } from '../utils/choose-provider';

const STORAGE_KEY = 'thumbnail-studio.provider';

function readStoredProvider(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The providers the backend offers and the chosen one, remembered across visits while still offered. */
export function useProvider() {
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
  const options = providers.data?.providers ?? [];
  const provider = providers.data ? chooseProvider(providers.data, stored) : undefined;
  return { options, provider, setProvider, isLoading: providers.isPending };
}
