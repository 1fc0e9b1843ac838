import {
  ERROR_STATUS,
  type ErrorCode,
  INSUFFICIENT_CREDITS_TEXT,
  INTERNAL_ERROR_TEXT,
  rateLimitedText,
} from '@thumbnail-studio/contract';

/**
 * The one error vocabulary: a typed error carries its machine-readable code
 * (which fixes the HTTP status) and the message the user sees. Anything else
 * is an internal error, logged and answered with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** Headers the answer carries besides its body. */
  get headers(): Record<string, string> {
    return {};
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Invalid request') {
    super('bad_request', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Not authenticated') {
    super('unauthorized', message);
  }
}

export class InsufficientCreditsError extends AppError {
  constructor(message = INSUFFICIENT_CREDITS_TEXT) {
    super('insufficient_credits', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('not_found', message);
  }
}

/** Other changes to the same thing kept winning the race: reading it again and retrying may work. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** A service the request depends on (the video site, a provider) did not deliver. */
export class UpstreamUnavailableError extends AppError {
  constructor(message: string) {
    super('upstream_unavailable', message);
  }
}

/** Too many requests from one account: `Retry-After` says when the next one will be taken. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = rateLimitedText(retryAfterSeconds),
  ) {
    super('rate_limited', message);
  }

  override get headers(): Record<string, string> {
    return { 'retry-after': String(this.retryAfterSeconds) };
  }
}

/** Something the operator has not set up yet (e.g. no image provider): nothing the user can fix. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super('service_unavailable', message);
  }
}

export { INTERNAL_ERROR_TEXT };
