import { type Query, useQueries } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { pollDelay } from '../utils/poll-delay';
import { type Message, messageQueryKey, messageSchema } from './message-schema';

const responseSchema = z.object({ message: messageSchema });

export async function getMessageById(messageId: string): Promise<Message> {
  const { message } = await api.get(`/api/messages/${encodeURIComponent(messageId)}`, responseSchema);
  return message;
}

const pollWhilePending = (query: Query<Message>) => {
  const status = query.state.data?.status;
  return status === 'done' || status === 'error' ? false : pollDelay(query.state.dataUpdateCount);
};

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
