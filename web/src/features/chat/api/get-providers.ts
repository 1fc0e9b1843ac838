import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ProviderList } from '@thumbnail-studio/contract';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';

/** The image providers the backend can use right now: those with keys, or the offline one. */
export const getProviders = (): Promise<ProviderList> => callApi(endpoints.listProviders);

const PROVIDERS_KEY = ['providers'];

export const useProviders = () =>
  useQuery({ queryKey: PROVIDERS_KEY, queryFn: getProviders, staleTime: 5 * 60_000 });

/**
 * The providers as the screen last read them, for how long each one's recent jobs took; never a
 * read of its own (the picker's read fills it, and a settled job refreshes it).
 */
export const useKnownProviders = () =>
  useQuery({ queryKey: PROVIDERS_KEY, queryFn: getProviders, enabled: false }).data;

/** Reads the providers again: a settled job changed its provider's recent timings. */
export function useRefreshProviders() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }), [queryClient]);
}
