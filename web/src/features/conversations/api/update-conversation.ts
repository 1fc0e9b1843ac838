import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import {
  type Conversation,
  conversationSchema,
  conversationsQueryKey,
  sortByUpdatedDesc,
} from './conversation-schema';

const responseSchema = z.object({ conversation: conversationSchema });

export async function updateConversationTitle(id: string, title: string): Promise<Conversation> {
  const path = `/api/conversations/${encodeURIComponent(id)}`;
  const { conversation } = await api.patch(path, { title }, responseSchema);
  return conversation;
}

export function useUpdateConversationTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => updateConversationTitle(id, title),
    onMutate: ({ id, title }) => {
      // SPEC section 4: the list is updated locally right away.
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, title } : item)),
      );
    },
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(
        conversationsQueryKey,
        (list) =>
          list && sortByUpdatedDesc(list.map((item) => (item.id === conversation.id ? conversation : item))),
      );
    },
  });
}
