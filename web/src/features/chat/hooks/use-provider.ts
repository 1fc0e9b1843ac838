import { useCallback, useState } from 'react';
import { DEFAULT_PROVIDER, type ImageProviderId, isImageProviderId } from '../providers';

const STORAGE_KEY = 'thumbnail-studio.provider';

function readStoredProvider(): ImageProviderId {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isImageProviderId(stored) ? stored : DEFAULT_PROVIDER;
  } catch {
    return DEFAULT_PROVIDER;
  }
}

/** The chosen image provider, remembered across visits. */
export function useProvider() {
  const [provider, setProviderState] = useState<ImageProviderId>(readStoredProvider);
  const setProvider = useCallback((next: ImageProviderId) => {
    setProviderState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Without storage the choice still holds for this visit.
    }
  }, []);
  return [provider, setProvider] as const;
}
