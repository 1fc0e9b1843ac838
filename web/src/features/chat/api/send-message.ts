import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type Message, mergeMessages, messageSchema, messagesQueryKey } from './message-schema';

const responseSchema = z.object({
  userMessage: messageSchema,
  assistantMessage: messageSchema.nullable().default(null),
});

export interface SendMessageInput {
  conversationId: string;
  content: string;
}

/** Stores the user's message; the answer also carries the pending assistant message once generation exists. */
export async function sendMessage({ conversationId, content }: SendMessageInput) {
  const path = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
  return api.post(path, { content }, responseSchema);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: async ({ conversationId, content }) => {
      const key = messagesQueryKey(conversationId);
      await queryClient.cancelQueries({ queryKey: key });
      const optimistic: Message = {
        id: `sending-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        conversation_id: conversationId,
        user_id: '',
        role: 'user',
        content,
        uploaded_images: null,
        selected_model_ids: null,
        prompt: null,
        image_url: null,
        is_image_message: false,
        is_edit: false,
        created_at: new Date().toISOString(),
        status: 'pending',
      };
      queryClient.setQueryData<Message[]>(key, (list) => list && [...list, optimistic]);
      return { optimisticId: optimistic.id };
    },
    onSuccess: ({ userMessage, assistantMessage }, { conversationId }, context) => {
      const stored = assistantMessage ? [userMessage, assistantMessage] : [userMessage];
      queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (list = []) =>
        mergeMessages(
          list.filter((message) => message.id !== context?.optimisticId),
          stored,
        ),
      );
    },
    onError: (_error, { conversationId }, context) => {
      queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (list) =>
        list?.filter((message) => message.id !== context?.optimisticId),
      );
    },
    onSettled: (_data, _error, { conversationId }) =>
      queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) }),
  });
}
