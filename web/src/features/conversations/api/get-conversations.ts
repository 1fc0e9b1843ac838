import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { conversationSchema, conversationsQueryKey, sortByUpdatedDesc } from './conversation-schema';

const responseSchema = z.object({ conversations: z.array(conversationSchema) });

export async function getConversations() {
  const { conversations } = await api.get('/api/conversations', responseSchema);
  return sortByUpdatedDesc(conversations);
}

export const useConversations = () =>
  useQuery({ queryKey: conversationsQueryKey, queryFn: getConversations });

/** Marks the list stale so it picks up new titles and activity times. */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }), [queryClient]);
}
