import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { conversationsQueryKey } from './conversation-list';

/** Creates a conversation; the server also stores the assistant's greeting as its first message. */
export async function createConversation(title?: string): Promise<Conversation> {
  const { conversation } = await callApi(endpoints.createConversation, { body: title ? { title } : {} });
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
