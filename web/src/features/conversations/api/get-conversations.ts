import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@thumbnail-studio/contract';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';
import { conversationsQueryKey, sortByUpdatedDesc } from './conversation-list';

export async function getConversations() {
  const { conversations } = await callApi(endpoints.listConversations);
  return sortByUpdatedDesc(conversations);
}

export const useConversations = () =>
  useQuery({ queryKey: conversationsQueryKey, queryFn: getConversations });

/** Marks the list stale so it picks up new titles and activity times. */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }), [queryClient]);
}
