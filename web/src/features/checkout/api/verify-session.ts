import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { ApiError, api } from '../../../lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error';

const responseSchema = z.object({
  success: z.boolean(),
  credits: z.number().optional(),
  error: z.string().optional(),
});

export type VerifySessionResult = { credits: number };

const VERIFY_FAILED = 'Failed to verify session';

/** SPEC section 7: confirms a checkout session and reports the credits it added. */
export async function verifySession(sessionId: string): Promise<VerifySessionResult> {
  try {
    const result = await api.get(`/api/verify-session/${encodeURIComponent(sessionId)}`, responseSchema);
    if (!result.success) throw new ApiError(400, result.error || VERIFY_FAILED);
    return { credits: result.credits ?? 0 };
  } catch (error) {
    if (error instanceof ApiError && error.message !== UNEXPECTED_ERROR_MESSAGE) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, VERIFY_FAILED);
  }
}

export const useVerifySession = (sessionId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['verify-session', sessionId],
    queryFn: () => verifySession(sessionId),
    enabled: enabled && Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
