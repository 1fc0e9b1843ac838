import type { Message } from '@thumbnail-studio/contract';

/** Every conversation's cached messages (the prefix of each one's key). */
export const allMessagesQueryKey = ['messages'] as const;
export const messagesQueryKey = (conversationId: string) => [...allMessagesQueryKey, conversationId] as const;
/** Where the next older page of a conversation starts; null when the oldest is loaded. */
export const olderCursorQueryKey = (conversationId: string) => ['messages-older', conversationId] as const;
/** Messages shown before the server answered carry ids with this prefix; they are never polled. */
const OPTIMISTIC_PREFIX = 'optimistic-';

export const optimisticId = () => `${OPTIMISTIC_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const isOptimistic = (message: Pick<Message, 'id'>) => message.id.startsWith(OPTIMISTIC_PREFIX);
