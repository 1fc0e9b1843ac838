import { errorMessage } from '../../../lib/api-error';

/** The one answer to a failed sign-in, whether or not an account exists for the address. */
export const WRONG_CREDENTIALS_TEXT = 'Incorrect email or password.';
const TOO_MANY_ATTEMPTS_TEXT = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * What the creator reads for each error Cognito (through Amplify) names. An unknown account and a
 * wrong password read the same: Cognito says so itself when PreventUserExistenceErrors is on, and
 * a stand-in that does not (cognito-local) must not tell them apart either.
 */
const TEXTS: Record<string, string> = {
  NotAuthorizedException: WRONG_CREDENTIALS_TEXT,
  UserNotFoundException: WRONG_CREDENTIALS_TEXT,
  UsernameExistsException: 'An account with this email already exists. Please sign in instead.',
  CodeMismatchException: 'That code is not right. Please check the email we sent you and try again.',
  ExpiredCodeException: 'That code has expired. Please ask for a new one.',
  InvalidPasswordException: 'Please choose a password of at least 6 characters.',
  InvalidParameterException: 'Please check your email address and try again.',
  LimitExceededException: TOO_MANY_ATTEMPTS_TEXT,
  TooManyRequestsException: TOO_MANY_ATTEMPTS_TEXT,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS_TEXT,
  CodeDeliveryFailureException: "We couldn't send the code to that address. Please check it and try again.",
  NetworkError: "We couldn't reach the sign-in service. Please check your connection and try again.",
};

/** A human sentence for a failed sign-in, sign-up or confirmation; the error's own words otherwise. */
export function authErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  // Cognito says a locked-out account's password attempts are exceeded as NotAuthorized too.
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(errorMessage(error, ''))) {
    return TOO_MANY_ATTEMPTS_TEXT;
  }
  return TEXTS[name] ?? errorMessage(error);
}
