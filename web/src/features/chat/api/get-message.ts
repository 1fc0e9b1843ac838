import { type Query, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type Message, messageQueryKey, messageSchema } from './message-schema';

const responseSchema = z.object({ message: messageSchema });
const POLL_INTERVAL_MS = 2000;

export async function getMessageById(messageId: string): Promise<Message> {
  const { message } = await api.get(`/api/messages/${encodeURIComponent(messageId)}`, responseSchema);
  return message;
}

const pollWhilePending = (query: Query<Message>) =>
  query.state.data?.status === 'done' || query.state.data?.status === 'error' ? false : POLL_INTERVAL_MS;

/** Follows pending assistant messages until their generation job settles (DESIGN decision 2). */
export const usePendingMessages = (messageIds: readonly string[]) =>
  useQueries({
    queries: messageIds.map((id) => ({
      queryKey: messageQueryKey(id),
      queryFn: () => getMessageById(id),
      refetchInterval: pollWhilePending,
      staleTime: 0,
    })),
  });
