import * as z from 'zod';

export const conversationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsQueryKey = ['conversations'] as const;

/** Newest activity first, as the sidebar shows them (SPEC section 7). */
export const sortByUpdatedDesc = (conversations: readonly Conversation[]): Conversation[] =>
  [...conversations].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
