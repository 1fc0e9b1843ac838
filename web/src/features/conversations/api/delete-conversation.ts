import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Conversation, conversationsQueryKey } from './conversation-schema';

export const deleteConversation = (id: string) => api.delete(`/api/conversations/${encodeURIComponent(id)}`);

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
