import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { type Conversation, conversationSchema, conversationsQueryKey } from './conversation-schema';

const responseSchema = z.object({ conversation: conversationSchema });

/** Creates a conversation; the server also stores the assistant's greeting as its first message. */
export async function createConversation(title?: string): Promise<Conversation> {
  const { conversation } = await api.post('/api/conversations', title ? { title } : {}, responseSchema);
  return conversation;
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list = []) => [
        conversation,
        ...list.filter((item) => item.id !== conversation.id),
      ]);
    },
  });
}
