import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@thumbnail-studio/contract';
import { useState } from 'react';
import { listMessagesPage } from '../../../lib/get-messages';
import { messagesQueryKey, olderCursorQueryKey } from '../../../lib/message-keys';

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
