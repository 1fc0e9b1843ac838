import { type ErrorCode, INTERNAL_ERROR_TEXT } from '@thumbnail-studio/contract';

/** A failed API or storage request: the contract's error code, the message to show and the parsed body. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The parsed error body, for answers that carry more than `{ error, code }` (e.g. a refused send). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = INTERNAL_ERROR_TEXT): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The `error` text of a failed API answer (`{ error, code }`), if it carried one; network failures and the
 * gateway's own answers carry none, so the caller shows its own words instead.
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const text = (error.body as Record<string, unknown>).error;
  return typeof text === 'string' && text ? text : undefined;
}
