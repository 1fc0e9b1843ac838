import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@thumbnail-studio/contract';
import { useEffect, useRef } from 'react';
import { useJobUpdates } from '../api/get-message';
import { awaitsLegibility, isFollowable, mergeMessages, messagesQueryKey } from '../api/message-cache';

const changed = (before: Message, after: Message) =>
  before.status !== after.status ||
  before.content !== after.content ||
  before.is_image_message !== after.is_image_message;

/** What a poll may still change of a message: a pending job's progress, or a finished image's legibility. */
const moves = (current: Message, update: Message) =>
  (current.status === 'pending' && changed(current, update)) ||
  (awaitsLegibility(current) && Boolean(update.legibility));

/**
 * Follows the conversation's pending jobs, all of them with one request per poll, and writes each
 * change (a new phase, the outcome, then the image's legibility verdict) into the message list.
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
  // Ids are time-ordered: every pending job is at or after the oldest one.
  const since = messages.find((message) => isFollowable(message) || awaitsLegibility(message))?.id ?? null;
  const followed = useJobUpdates(conversationId, since);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const seenPending = useRef(new Set<string>());

  const updates = followed.data ?? [];
  const fresh = updates.filter((update) => {
    const current = messages.find((message) => message.id === update.id);
    // Only a pending message moves on (a stale poll never takes a settled one back), and a finished
    // image only gains its verdict.
    return current !== undefined && moves(current, update);
  });
  const freshKey = fresh
    .map((message) => `${message.id}:${message.status}:${message.content}:${Boolean(message.legibility)}`)
    .join('|');

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
