import { type Query, useQuery } from '@tanstack/react-query';
import type { Legibility } from '@thumbnail-studio/contract';
import { getMessageById } from '../../../lib/get-message';

/** The check runs in the seconds after the image is ready: asked again this often, this many times. */
const ASK_EVERY_MS = 2000;
const MAX_ASKS = 30;

export const legibilityQueryKey = (messageId: string) => ['legibility', messageId] as const;

const askAgain = (query: Query<Legibility | null>) =>
  query.state.data || query.state.dataUpdateCount >= MAX_ASKS ? false : ASK_EVERY_MS;

/**
 * An image's legibility verdict as the server has it now: the chat's copy of a message stops
 * changing when its job is done, and the check finishes after that. Asked again until it is there.
 * Not asked at all while `enabled` is false.
 */
export const useLegibility = (messageId: string, enabled = true) =>
  useQuery({
    queryKey: legibilityQueryKey(messageId),
    enabled,
    queryFn: async () => (await getMessageById(messageId)).legibility ?? null,
    refetchInterval: askAgain,
    staleTime: 0,
  });
