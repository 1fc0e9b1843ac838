import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type Message, type MessagePage } from '@thumbnail-studio/contract';
import { callApi } from './api-client';
import { isOptimistic, messagesQueryKey, olderCursorQueryKey } from './message-keys';

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
