import { type Query, useQuery } from '@tanstack/react-query';
import { endpoints, type Message } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';
import { pollDelay } from '../utils/poll-delay';
import { awaitsLegibility, jobUpdatesQueryKey } from './message-cache';

/** One message with every image URL signed, the full size and the download among them. */
export async function getMessageById(messageId: string): Promise<Message> {
  const { message } = await callApi(endpoints.getMessage, { params: { id: messageId } });
  return message;
}

/** The conversation's jobs from `since` on, as they stand. */
export async function getJobUpdates(conversationId: string, since: string): Promise<Message[]> {
  const { jobs } = await callApi(endpoints.getJobUpdates, {
    params: { id: conversationId },
    query: { since },
  });
  return jobs;
}

const pollWhilePending = (query: Query<Message[]>) => {
  const settled =
    query.state.data?.every((job) => job.status !== 'pending' && !awaitsLegibility(job)) ?? false;
  return settled ? false : pollDelay(query.state.dataUpdateCount);
};

/**
 * Follows every pending job of a conversation with one request at a time: all of its jobs from
 * `since` (the oldest pending one) on. None is followed while `since` is null.
 */
export const useJobUpdates = (conversationId: string | null, since: string | null) =>
  useQuery({
    queryKey: jobUpdatesQueryKey(conversationId ?? '', since ?? ''),
    queryFn: () => getJobUpdates(conversationId ?? '', since ?? ''),
    enabled: Boolean(conversationId && since),
    refetchInterval: pollWhilePending,
    staleTime: 0,
  });
