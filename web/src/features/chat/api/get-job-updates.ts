import { useQuery } from '@tanstack/react-query';
import { endpoints, type FollowedJob, followParam, type Message } from '@thumbnail-studio/contract';
import { useRef } from 'react';
import { callApi } from '../../../lib/api-client';
import { pollDelay } from '../utils/poll-delay';
import { jobUpdatesQueryKey } from './message-cache';

/** The followed jobs that changed since the revisions given. */
export async function getJobUpdates(
  conversationId: string,
  followed: readonly FollowedJob[],
): Promise<Message[]> {
  const { jobs } = await callApi(endpoints.getJobUpdates, {
    params: { id: conversationId },
    query: { follow: followParam(followed) },
  });
  return jobs;
}

/**
 * Follows a conversation's jobs in motion with one request at a time, each answering only what
 * changed since the chat's copy. Nothing is asked while none is followed. The pace starts over
 * when the oldest followed job changes (a new send after the others settled).
 */
export function useJobUpdates(conversationId: string | null, followed: readonly FollowedJob[]) {
  const latest = useRef(followed);
  latest.current = followed;
  return useQuery({
    queryKey: jobUpdatesQueryKey(conversationId ?? '', followed[0]?.id ?? ''),
    queryFn: () => getJobUpdates(conversationId ?? '', latest.current),
    enabled: Boolean(conversationId) && followed.length > 0,
    refetchInterval: (query) => pollDelay(query.state.dataUpdateCount),
    staleTime: 0,
  });
}
