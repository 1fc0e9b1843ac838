import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@thumbnail-studio/contract';
import { useEffect, useRef } from 'react';
import { usePendingMessages } from '../api/get-message';
import { isFollowable, mergeMessages, messagesQueryKey } from '../api/message-cache';

const changed = (before: Message, after: Message) =>
  before.status !== after.status ||
  before.content !== after.content ||
  before.is_image_message !== after.is_image_message;

/**
 * Polls the conversation's pending assistant messages and writes each update into the message list.
 * `onSettled` runs when a job seen pending has finished, whether a poll or a reload of the list
 * showed it (e.g. after visiting another conversation), to refresh the balance and the titles.
 */
export function useFollowPendingMessages(
  conversationId: string | null,
  messages: readonly Message[],
  onSettled?: () => void,
) {
  const queryClient = useQueryClient();
  // Messages loaded pending (after a reload or a later visit) are followed just like new ones.
  const pendingIds = messages.filter(isFollowable).map((message) => message.id);
  const results = usePendingMessages(pendingIds);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const seenPending = useRef(new Set<string>());

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
  }, [conversationId, freshKey, queryClient]);

  useEffect(() => {
    const seen = seenPending.current;
    const settled = messages.filter((message) => seen.has(message.id) && message.status !== 'pending');
    for (const message of messages) if (isFollowable(message)) seen.add(message.id);
    for (const message of settled) seen.delete(message.id);
    if (settled.length > 0) onSettledRef.current?.();
  }, [messages]);
}
