import type { Conversation } from '@thumbnail-studio/contract';

export const conversationsQueryKey = ['conversations'] as const;

/** Newest activity first, as the sidebar lists them. */
export const sortByUpdatedDesc = (conversations: readonly Conversation[]): Conversation[] =>
  [...conversations].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
