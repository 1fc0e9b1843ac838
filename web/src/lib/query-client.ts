import { QueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '@thumbnail-studio/contract';
import { ApiError } from './api-error';

/** Refusals that a retry will not change (or, rate limited, not soon); network and server failures get two more tries. */
const FINAL: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'bad_request',
  'unauthorized',
  'insufficient_credits',
  'not_found',
  'payload_too_large',
  'rate_limited',
]);

const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && FINAL.has(error.code)) return false;
  return failureCount < 2;
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
