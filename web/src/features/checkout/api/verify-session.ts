import { useQuery } from '@tanstack/react-query';

export type VerifySessionResult = { credits: number };

const VERIFY_FAILED = 'Failed to verify session';

/** Confirms a checkout session and reports the credits it added. */
export function verifySession(_sessionId: string): Promise<VerifySessionResult> {
  // No endpoint confirms a checkout session until payments are built.
  return Promise.reject(new Error(VERIFY_FAILED));
}

export const useVerifySession = (sessionId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['verify-session', sessionId],
    queryFn: () => verifySession(sessionId),
    enabled: enabled && Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
