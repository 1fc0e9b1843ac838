import { MODEL_TEXTS } from '@thumbnail-studio/contract';
import { ApiError, serverErrorText } from '../../../lib/api-error';
import { NotAuthenticatedError } from '../api/require-session';

/** What a 413 (a request over the API's size limit) says. */
export const PHOTOS_TOO_LARGE_TEXT =
  'These photos are too large to send at once. Try fewer or smaller photos.';

/**
 * The text a failed model request shows: 'Not authenticated' without a session, the too-large text for a
 * 413, the server's own text where `serverText` is asked for, else `fallback`.
 */
export function failureText(error: unknown, fallback: string, { serverText = false } = {}): string {
  if (error instanceof NotAuthenticatedError) return MODEL_TEXTS.notAuthenticated;
  if (error instanceof ApiError && error.code === 'payload_too_large') return PHOTOS_TOO_LARGE_TEXT;
  return (serverText && serverErrorText(error)) || fallback;
}
