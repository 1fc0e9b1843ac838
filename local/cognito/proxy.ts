import type { IncomingMessage, ServerResponse } from 'node:http';
import { hideUserExistence } from './existence';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The public user-pool calls a browser makes (Amplify's). cognito-local checks no
 * credentials, so its admin calls (AdminSetUserPassword, ListUsers...) never pass here.
 */
const PUBLIC_TARGETS = new Set(
  [
    'SignUp',
    'ConfirmSignUp',
    'ResendConfirmationCode',
    'InitiateAuth',
    'RespondToAuthChallenge',
    'GetTokensFromRefreshToken',
    'ForgotPassword',
    'ConfirmForgotPassword',
    'ChangePassword',
    'GetUser',
    'GlobalSignOut',
    'RevokeToken',
  ].map((name) => `${TARGET_PREFIX}${name}`),
);

/**
 * Forwards Amplify's Cognito calls to cognito-local. Amplify 6.15+ refreshes
 * tokens only through GetTokensFromRefreshToken, which cognito-local lacks;
 * here that call becomes the equivalent InitiateAuth(REFRESH_TOKEN_AUTH).
 * Local wiring only: production talks to Cognito directly.
 */
export async function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  cognitoEndpoint: string,
): Promise<void> {
  let target = String(req.headers['x-amz-target'] ?? '');
  if (!PUBLIC_TARGETS.has(target)) {
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify({
        __type: 'NotAuthorizedException',
        message: `${target || 'This call'} is not allowed here`,
      }),
    );
    return;
  }
  let payload = body.toString('utf8');
  let refreshToken: string | undefined;
  if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
    const input = JSON.parse(payload || '{}') as { RefreshToken?: string; ClientId?: string };
    refreshToken = input.RefreshToken;
    target = `${TARGET_PREFIX}InitiateAuth`;
    payload = JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
    });
  }
  const response = await fetch(`${cognitoEndpoint}/`, {
    method: req.method,
    headers: {
      'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
      ...(target ? { 'x-amz-target': target } : {}),
    },
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : payload,
  });
  let text = await response.text();
  if (refreshToken && response.ok) {
    const result = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
    // The refresh token is not rotated locally: hand the same one back, as Cognito does without rotation.
    text = JSON.stringify({
      AuthenticationResult: { RefreshToken: refreshToken, ...result.AuthenticationResult },
    });
  }
  const operation = target.slice(TARGET_PREFIX.length);
  const answer = hideUserExistence(operation, parseInput(payload), { status: response.status, body: text });
  res.writeHead(answer.status, {
    'content-type': response.headers.get('content-type') ?? 'application/x-amz-json-1.1',
  });
  res.end(answer.body);
}

function parseInput(payload: string): Record<string, unknown> {
  try {
    return (JSON.parse(payload || '{}') as Record<string, unknown>) ?? {};
  } catch {
    return {};
  }
}
