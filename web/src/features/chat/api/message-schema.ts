import * as z from 'zod';

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
  /** The small preview the chat shows (a short-lived signed URL). */
  image_url: z.string().nullable().default(null),
  /** The provider's original image, opened by a click on the preview. */
  full_image_url: z.string().nullable().default(null),
  /** The 16:9 1280x720 PNG the download button saves (DESIGN decision 5). */
  download_url: z.string().nullable().default(null),
  is_image_message: z.boolean().default(false),
  is_edit: z.boolean().default(false),
  created_at: z.string(),
  status: z.enum(['pending', 'done', 'error']).default('done'),
});

export type Message = z.infer<typeof messageSchema>;

export const messagesQueryKey = (conversationId: string) => ['messages', conversationId] as const;
export const messageQueryKey = (messageId: string) => ['message', messageId] as const;

/** Messages shown before the server answered carry ids with this prefix; they are never polled. */
const OPTIMISTIC_PREFIX = 'optimistic-';

export const optimisticId = () => `${OPTIMISTIC_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const isOptimistic = (message: Pick<Message, 'id'>) => message.id.startsWith(OPTIMISTIC_PREFIX);

/** An assistant message whose generation job is still running on the server. */
export const isFollowable = (message: Message) =>
  message.role === 'assistant' && message.status === 'pending' && !isOptimistic(message);

/** Replaces messages with the same id and appends new ones, keeping the list oldest first. */
export function mergeMessages(list: readonly Message[], updates: readonly Message[]): Message[] {
  const byId = new Map(updates.map((message) => [message.id, message]));
  const merged = list.map((message) => byId.get(message.id) ?? message);
  const known = new Set(list.map((message) => message.id));
  return [...merged, ...updates.filter((message) => !known.has(message.id))];
}
