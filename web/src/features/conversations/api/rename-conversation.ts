import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { conversationsQueryKey } from './conversation-list';

/** Renames a conversation; the answer holds the title as the server stored it (trimmed, cut to 50 characters). */
export async function renameConversation(input: { id: string; title: string }): Promise<Conversation> {
  const { conversation } = await callApi(endpoints.renameConversation, {
    params: { id: input.id },
    body: { title: input.title },
  });
  return conversation;
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: (renamed) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list) =>
        list?.map((item) => (item.id === renamed.id ? renamed : item)),
      );
    },
  });
}
