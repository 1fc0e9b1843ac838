import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePendingMessages } from '../api/get-message';
import { type Message, mergeMessages, messagesQueryKey } from '../api/message-schema';

const changed = (before: Message, after: Message) =>
  before.status !== after.status || before.content !== after.content || before.image_url !== after.image_url;

/**
 * Polls the conversation's pending assistant messages and writes each update into the message list.
 * `onSettled` runs when a job finishes, e.g. to refresh the credit balance.
 */
export function useFollowPendingMessages(
  conversationId: string | null,
  messages: readonly Message[],
  onSettled?: () => void,
) {
  const queryClient = useQueryClient();
  const pendingIds = messages
    .filter((message) => message.role === 'assistant' && message.status === 'pending')
    .map((message) => message.id);
  const results = usePendingMessages(pendingIds);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const updates = results.flatMap((result) => (result.data ? [result.data] : []));
  const fresh = updates.filter((update) => {
    const current = messages.find((message) => message.id === update.id);
    return current !== undefined && changed(current, update);
  });
  const freshKey = fresh.map((message) => `${message.id}:${message.status}:${message.content}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: freshKey stands for the fresh updates
  useEffect(() => {
    if (!conversationId || fresh.length === 0) return;
    queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (list) =>
      list ? mergeMessages(list, fresh) : list,
    );
    if (fresh.some((message) => message.status !== 'pending')) onSettledRef.current?.();
  }, [conversationId, freshKey, queryClient]);
}
