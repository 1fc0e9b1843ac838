/** The web side of the shared error vocabulary: the HTTP status and the server's message as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed error body, for answers that carry more than `{ error }` (e.g. a 402 with its messages). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = UNEXPECTED_ERROR_MESSAGE): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
