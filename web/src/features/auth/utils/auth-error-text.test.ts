import { describe, expect, it } from 'vitest';
import { authErrorText, WRONG_CREDENTIALS_TEXT } from './auth-error-text';

/** An error as Amplify throws it: Cognito's exception name, and its message. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('authErrorText', () => {
  it('answers a wrong password and an unknown account alike', () => {
    const wrongPassword = cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    const noAccount = cognitoError('UserNotFoundException', 'User does not exist.');

    expect(authErrorText(wrongPassword)).toBe('Incorrect email or password.');
    expect(authErrorText(noAccount)).toBe(WRONG_CREDENTIALS_TEXT);
  });

  it('says a locked-out sign-in should wait', () => {
    expect(authErrorText(cognitoError('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('turns the other Cognito errors into sentences, never exception names', () => {
    expect(authErrorText(cognitoError('CodeMismatchException', 'Invalid verification code provided'))).toBe(
      'That code is not right. Please check the email we sent you and try again.',
    );
    expect(authErrorText(cognitoError('NetworkError', 'A network error has occurred.'))).toBe(
      "We couldn't reach the sign-in service. Please check your connection and try again.",
    );
  });

  it("keeps an unknown error's own message, or says an unexpected error occurred", () => {
    expect(authErrorText(new Error('Something odd'))).toBe('Something odd');
    expect(authErrorText('nope')).toBe('An unexpected error occurred');
  });
});
