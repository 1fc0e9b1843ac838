import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation, endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { conversationsQueryKey } from './conversation-list';

export const deleteConversation = (id: string) => callApi(endpoints.deleteConversation, { params: { id } });

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
}
