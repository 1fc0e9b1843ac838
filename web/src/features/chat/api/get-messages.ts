import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Message, type MessagePage } from '@thumbnail-studio/contract';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { isOptimistic, messagesQueryKey, olderCursorQueryKey } from './message-cache';

/** One page of a conversation: its newest messages, or those before `cursor`; oldest first. */
export function listMessagesPage(conversationId: string, cursor?: string): Promise<MessagePage> {
  return callApi(endpoints.listMessages, {
    params: { id: conversationId },
    ...(cursor === undefined ? {} : { query: { cursor } }),
  });
}

/**
 * Reads the newest page. Older pages loaded before are kept as they were (with their cursor);
 * the newest page replaces everything from its first message on.
 */
async function readNewest(queryClient: QueryClient, conversationId: string): Promise<Message[]> {
  const page = await listMessagesPage(conversationId);
  const first = page.messages[0];
  const cached = queryClient.getQueryData<Message[]>(messagesQueryKey(conversationId)) ?? [];
  const kept = first ? cached.filter((message) => !isOptimistic(message) && message.id < first.id) : [];
  if (kept.length === 0) {
    queryClient.setQueryData(olderCursorQueryKey(conversationId), page.next_cursor ?? null);
  }
  return [...kept, ...page.messages];
}

/** A conversation's loaded messages, oldest first: the newest page, and older ones as they are asked for. */
export function useMessages(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagesQueryKey(conversationId ?? ''),
    queryFn: () => readNewest(queryClient, conversationId ?? ''),
    enabled: Boolean(conversationId),
  });
}

/** Loads the page before the oldest loaded message; `hasOlder` says one is there. */
export function useOlderMessages(conversationId: string | null) {
  const queryClient = useQueryClient();
  const key = olderCursorQueryKey(conversationId ?? '');
  // Written by the page reads; never fetched by itself.
  const cursor = useQuery({
    queryKey: key,
    queryFn: () => queryClient.getQueryData<string | null>(key) ?? null,
    enabled: false,
  }).data;
  const [loading, setLoading] = useState(false);
  const loadOlder = async () => {
    if (!conversationId || !cursor || loading) return;
    setLoading(true);
    try {
      const page = await listMessagesPage(conversationId, cursor);
      queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (list = []) => {
        const known = new Set(list.map((message) => message.id));
        return [...page.messages.filter((message) => !known.has(message.id)), ...list];
      });
      queryClient.setQueryData(key, page.next_cursor ?? null);
    } finally {
      setLoading(false);
    }
  };
  return { hasOlder: Boolean(cursor), loadingOlder: loading, loadOlder };
}
