import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { messagesQueryKey } from './message-cache';

/** A conversation's messages, oldest first. */
export async function listMessagesByConversation(conversationId: string) {
  const { messages } = await callApi(endpoints.listMessages, { params: { id: conversationId } });
  return messages;
}

export const useMessages = (conversationId: string | null) =>
  useQuery({
    queryKey: messagesQueryKey(conversationId ?? ''),
    queryFn: () => listMessagesByConversation(conversationId ?? ''),
    enabled: Boolean(conversationId),
  });
