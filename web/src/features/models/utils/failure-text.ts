import { type ErrorCode, MODEL_TEXTS } from '@thumbnail-studio/contract';
import { ApiError, serverErrorText } from '../../../lib/api-error';
import { NotAuthenticatedError } from '../api/require-session';

/** What a 413 (a request over the API's size limit) says. */
export const PHOTOS_TOO_LARGE_TEXT =
  'These photos are too large to send at once. Try fewer or smaller photos.';

/** Refusals whose own words say what to do (wait so long, try again): shown as they are, never replaced. */
const SAYS_WHAT_TO_DO: ReadonlySet<ErrorCode> = new Set(['rate_limited', 'conflict']);

/**
 * The text a failed model request shows: 'Not authenticated' without a session, the too-large text for a
 * 413, the refusal's own words for too many requests or a model changed meanwhile, the server's own
 * text where `serverText` is asked for, else `fallback`.
 */
export function failureText(error: unknown, fallback: string, { serverText = false } = {}): string {
  if (error instanceof NotAuthenticatedError) return MODEL_TEXTS.notAuthenticated;
  if (error instanceof ApiError && error.code === 'payload_too_large') return PHOTOS_TOO_LARGE_TEXT;
  if (error instanceof ApiError && SAYS_WHAT_TO_DO.has(error.code)) return error.message;
  return (serverText && serverErrorText(error)) || fallback;
}
