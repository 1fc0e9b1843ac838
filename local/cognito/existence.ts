/** A Cognito answer as the proxy hands it to the browser. */
export interface CognitoAnswer {
  status: number;
  body: string;
}

const WRONG_CREDENTIALS = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const WRONG_CODE = {
  __type: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};
const SIGN_IN_ERRORS = new Set([
  'UserNotFoundException',
  'NotAuthorizedException',
  'InvalidPasswordException',
]);
const CODE_ERRORS = new Set(['UserNotFoundException', 'NotAuthorizedException', 'CodeMismatchException']);

/** `a***@e***`, the way Cognito shows where it sent a code. */
const mask = (address: string) => {
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

const errorType = (body: string) => {
  try {
    return String((JSON.parse(body) as { __type?: string }).__type ?? '')
      .split('#')
      .pop();
  } catch {
    return undefined;
  }
};

/**
 * Cognito's PreventUserExistenceErrors, which cognito-local lacks: nothing the browser is told
 * depends on whether an account exists. Sign-in for an unknown user fails exactly like a wrong
 * password; a code request is answered as sent (to a masked address) either way; a code for an
 * unknown user is simply a wrong code.
 */
export function hideUserExistence(
  operation: string,
  input: Record<string, unknown>,
  answer: CognitoAnswer,
): CognitoAnswer {
  const failed = answer.status >= 400 ? errorType(answer.body) : undefined;
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  switch (operation) {
    case 'InitiateAuth':
      if (input.AuthFlow !== 'REFRESH_TOKEN_AUTH' && failed && SIGN_IN_ERRORS.has(failed)) {
        return json(400, WRONG_CREDENTIALS);
      }
      return answer;
    case 'ForgotPassword':
    case 'ResendConfirmationCode':
      if (failed !== 'UserNotFoundException' && answer.status >= 400) return answer;
      return json(200, {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: mask(String(input.Username ?? '')),
        },
      });
    case 'ConfirmSignUp':
    case 'ConfirmForgotPassword':
      return failed && CODE_ERRORS.has(failed) ? json(400, WRONG_CODE) : answer;
    default:
      return answer;
  }
}
