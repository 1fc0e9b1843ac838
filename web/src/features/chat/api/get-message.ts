import { type Query, useQueries } from '@tanstack/react-query';
import { endpoints, type Message } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { pollDelay } from '../utils/poll-delay';
import { messageQueryKey } from './message-cache';

export async function getMessageById(messageId: string): Promise<Message> {
  const { message } = await callApi(endpoints.getMessage, { params: { id: messageId } });
  return message;
}

const pollWhilePending = (query: Query<Message>) => {
  const status = query.state.data?.status;
  return status === 'done' || status === 'error' ? false : pollDelay(query.state.dataUpdateCount);
};

/** Follows pending assistant messages until their generation job on the server is done or failed. */
export const usePendingMessages = (messageIds: readonly string[]) =>
  useQueries({
    queries: messageIds.map((id) => ({
      queryKey: messageQueryKey(id),
      queryFn: () => getMessageById(id),
      refetchInterval: pollWhilePending,
      staleTime: 0,
    })),
  });
