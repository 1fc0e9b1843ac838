import { useQuery } from '@tanstack/react-query';
import { endpoints, type VerifySessionResult } from '@thumbnail-studio/contract';
import { callApi } from '../../../lib/api-client';

export const verifySessionQueryKey = (sessionId: string) => ['verify-session', sessionId] as const;

/** Asks the server whether a checkout session is paid and granted, and how many credits it added. */
export const verifySession = (sessionId: string): Promise<VerifySessionResult> =>
  callApi(endpoints.verifySession, { params: { sessionId } });

/**
 * Verifies a session once per page view: the stable key shares one request between StrictMode's double
 * effects, and the answer never goes stale, so it is not asked again on remount, focus or reconnect.
 */
export const useVerifySession = (sessionId: string, enabled: boolean) =>
  useQuery({
    queryKey: verifySessionQueryKey(sessionId),
    queryFn: () => verifySession(sessionId),
    enabled: enabled && Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
