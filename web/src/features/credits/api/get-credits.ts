import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import * as z from 'zod';
import { api } from '../../../lib/api-client';

const responseSchema = z.object({ credits: z.number() });
export const creditsQueryKey = ['credits'] as const;

export async function getCredits(): Promise<number> {
  const { credits } = await api.get('/api/credits', responseSchema);
  return credits;
}

/** The caller's balance; a failed read shows 0 (SPEC section 8). */
export function useCredits() {
  const query = useQuery({ queryKey: creditsQueryKey, queryFn: getCredits, retry: 1 });
  useEffect(() => {
    if (query.error) console.warn('Could not load credits', query.error);
  }, [query.error]);
  return { credits: query.data ?? 0, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

export function useRefreshCredits() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: creditsQueryKey }), [queryClient]);
}
