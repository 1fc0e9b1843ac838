import { z } from 'zod';

/** A stored message (SPEC section 3 field names) plus the job `status` of DESIGN decision 2. */
export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  user_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  uploaded_images: z.array(z.string()).nullable().default(null),
  selected_model_ids: z.array(z.string()).nullable().default(null),
  prompt: z.string().nullable().default(null),
  image_url: z.string().nullable().default(null),
  is_image_message: z.boolean().default(false),
  is_edit: z.boolean().default(false),
  created_at: z.string(),
  status: z.enum(['pending', 'done', 'error']).default('done'),
});

export type Message = z.infer<typeof messageSchema>;

export const messagesQueryKey = (conversationId: string) => ['messages', conversationId] as const;
export const messageQueryKey = (messageId: string) => ['message', messageId] as const;

/** Replaces messages with the same id and appends new ones, keeping the list oldest first. */
export function mergeMessages(list: readonly Message[], updates: readonly Message[]): Message[] {
  const byId = new Map(updates.map((message) => [message.id, message]));
  const merged = list.map((message) => byId.get(message.id) ?? message);
  const known = new Set(list.map((message) => message.id));
  return [...merged, ...updates.filter((message) => !known.has(message.id))];
}
