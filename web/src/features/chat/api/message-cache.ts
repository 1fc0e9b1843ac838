import type { Message } from '@thumbnail-studio/contract';

/** Every conversation's cached messages (the prefix of each one's key). */
export const allMessagesQueryKey = ['messages'] as const;
export const messagesQueryKey = (conversationId: string) => [...allMessagesQueryKey, conversationId] as const;
/** The gallery's pages: the user's images across conversations, newest first. */
export const galleryQueryKey = ['gallery'] as const;
/** Where the next older page of a conversation starts; null when the oldest is loaded. */
export const olderCursorQueryKey = (conversationId: string) => ['messages-older', conversationId] as const;
/** A conversation's jobs as followed since the oldest pending one. */
export const jobUpdatesQueryKey = (conversationId: string, since: string) =>
  ['jobs', conversationId, since] as const;

/** Messages shown before the server answered carry ids with this prefix; they are never polled. */
const OPTIMISTIC_PREFIX = 'optimistic-';

export const optimisticId = () => `${OPTIMISTIC_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const isOptimistic = (message: Pick<Message, 'id'>) => message.id.startsWith(OPTIMISTIC_PREFIX);

/** An assistant message whose generation job is still running on the server. */
export const isFollowable = (message: Message) =>
  message.role === 'assistant' && message.status === 'pending' && !isOptimistic(message);

/**
 * How long after it was sent an image message is followed until its legibility verdict arrives:
 * the worker records one moments after the image (or the empty one when the check is off), so
 * only a check that failed leaves the wait to run out.
 */
export const LEGIBILITY_WAIT_MS = 10 * 60_000;

/** A finished image whose legibility verdict is still to come. */
export const awaitsLegibility = (message: Message, now = Date.now()) =>
  message.role === 'assistant' &&
  message.status === 'done' &&
  message.is_image_message &&
  !message.legibility &&
  now - Date.parse(message.created_at) < LEGIBILITY_WAIT_MS;

/** Replaces messages with the same id and appends new ones, keeping the list oldest first. */
export function mergeMessages(list: readonly Message[], updates: readonly Message[]): Message[] {
  const byId = new Map(updates.map((message) => [message.id, message]));
  const merged = list.map((message) => byId.get(message.id) ?? message);
  const known = new Set(list.map((message) => message.id));
  return [...merged, ...updates.filter((message) => !known.has(message.id))];
}
