import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { messageSchema, messagesQueryKey } from './message-schema';

const responseSchema = z.object({ messages: z.array(messageSchema) });

/** A conversation's messages, oldest first. */
export async function listMessagesByConversation(conversationId: string) {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
  const { messages } = await api.get(path, responseSchema);
  return messages;
}

export const useMessages = (conversationId: string | null) =>
  useQuery({
    queryKey: messagesQueryKey(conversationId ?? ''),
    queryFn: () => listMessagesByConversation(conversationId ?? ''),
    enabled: Boolean(conversationId),
  });
