import { MODEL_TEXTS } from '@thumbnail-studio/contract';
import { ApiError, hasSignedInSession } from '../../../lib/api-client';

/** A model request attempted without a signed-in session; it was never sent. */
export class NotAuthenticatedError extends ApiError {
  constructor() {
    super('unauthorized', MODEL_TEXTS.notAuthenticated);
    this.name = 'NotAuthenticatedError';
  }
}

/** Fails with 'Not authenticated' unless a signed-in session holds a token, before anything is sent. */
export async function requireSession(): Promise<void> {
  if (!(await hasSignedInSession())) throw new NotAuthenticatedError();
}
