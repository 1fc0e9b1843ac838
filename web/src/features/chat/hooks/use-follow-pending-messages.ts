import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@thumbnail-studio/contract';
import { useEffect, useRef } from 'react';
import { messagesQueryKey } from '../../../lib/message-keys';
import { useJobUpdates } from '../api/get-job-updates';
import { followedJobs, isFollowable, isNewerRevision, mergeMessages } from '../api/message-cache';

/**
 * Follows the conversation's jobs in motion, all of them with one request per poll, and writes each
 * change (a new phase, the outcome, then the image's checks) into the message list. A poll names the
 * revision the chat has of each and answers only what changed since; a message whose checks are
 * over is no longer asked about. `onSettled` runs when a job seen pending has finished, whether a
 * poll or a reload of the list showed it (e.g. after visiting another conversation), to refresh
 * the balance and the titles.
 */
export function useFollowPendingMessages(
  conversationId: string | null,
  messages: readonly Message[],
  onSettled?: () => void,
) {
  const queryClient = useQueryClient();
  // Messages loaded pending (after a reload or a later visit) are followed just like new ones.
  const followed = useJobUpdates(conversationId, followedJobs(messages));
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const seenPending = useRef(new Set<string>());

  const updates = followed.data ?? [];
  const fresh = updates.filter((update) => {
    const current = messages.find((message) => message.id === update.id);
    return current !== undefined && isNewerRevision(current, update);
  });
  const freshKey = fresh.map((message) => `${message.id}:${message.revision}`).join('|');

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
