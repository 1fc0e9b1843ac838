import { INSUFFICIENT_CREDITS_MESSAGE } from '../core/credits';

/**
 * The one error vocabulary: a typed error carries its HTTP status and the
 * message the user sees. Anything else is an internal error, logged and
 * answered with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Invalid request') {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Not authenticated') {
    super(401, message);
  }
}

export class InsufficientCreditsError extends AppError {
  constructor(message = INSUFFICIENT_CREDITS_MESSAGE) {
    super(402, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred';
