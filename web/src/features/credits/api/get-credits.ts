import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@thumbnail-studio/contract';
import { useCallback, useEffect } from 'react';
import { callApi } from '../../../lib/api-client';
import { creditHistoryQueryKey } from './get-credit-history';

export const creditsQueryKey = ['credits'] as const;

export async function getCredits(): Promise<number> {
  const { credits } = await callApi(endpoints.getCredits);
  return credits;
}

/** The caller's balance; while it cannot be read the balance shows 0. */
export function useCredits() {
  const query = useQuery({ queryKey: creditsQueryKey, queryFn: getCredits, retry: 1 });
  useEffect(() => {
    if (query.error) console.warn('Could not load credits', query.error);
  }, [query.error]);
  return { credits: query.data ?? 0, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

/** Reads the balance and the credit history again after anything that changed them. */
export function useRefreshCredits() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
        queryClient.invalidateQueries({ queryKey: creditHistoryQueryKey }),
      ]),
    [queryClient],
  );
}
