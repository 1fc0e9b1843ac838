import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callAs } from '../support/api';
import { decodePayload, resign } from '../support/tokens';
import { cognitoClient, signUpUser, type TestUser } from '../support/users';

const baseUrl = inject('baseUrl');
const runtime = inject('runtime');

describe('the local API authorizer', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpUser(baseUrl, inject('dataDir'), runtime.clientId, 'authz');
  });

  it('reports every local service in the health check', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      services: { api: 'up', dynamodb: 'up', cognito: 'up', s3: 'up' },
      queue: { in_flight: expect.any(Number), dead_letters: 0 },
    });
  });

  it('serves the runtime config the web app reads', async () => {
    const config = await (await fetch(`${baseUrl}/config.json`)).json();
    expect(config).toMatchObject({
      userPoolId: runtime.userPoolId,
      userPoolClientId: runtime.clientId,
      cognitoEndpoint: `${baseUrl}/cognito`,
      authFlow: 'USER_PASSWORD_AUTH',
    });
  });

  it('accepts a valid access token', async () => {
    expect((await callAs(baseUrl, user.accessToken)('getCredits')).status).toBe(200);
  });

  it.each([
    ['no token', () => undefined],
    ['a malformed token', () => 'not-a-jwt'],
    ['an ID token instead of an access token', () => user.idToken],
    ['an expired token', () => resign(user.accessToken, { exp: Math.floor(Date.now() / 1000) - 60 })],
    [
      'a forged signature',
      () => {
        const [header, payload] = user.accessToken.split('.');
        return `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
      },
    ],
    [
      'a token from another issuer',
      () => resign(user.accessToken, { iss: 'http://localhost:1/local_other' }),
    ],
  ])('refuses %s with 401', async (_name, token) => {
    const response = await callAs(baseUrl, token())('getCredits');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses an access token issued to another app client', async () => {
    const admin = new CognitoIdentityProviderClient({
      endpoint: runtime.cognitoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { UserPoolClient } = await admin.send(
      new CreateUserPoolClientCommand({ UserPoolId: runtime.userPoolId, ClientName: 'other' }),
    );
    const { AuthenticationResult } = await admin.send(
      new InitiateAuthCommand({
        ClientId: UserPoolClient?.ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const token = AuthenticationResult?.AccessToken ?? '';
    expect(decodePayload(token).client_id).toBe(UserPoolClient?.ClientId);
    expect((await callAs(baseUrl, token)('getCredits')).status).toBe(401);
  });

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify 6.15+ does', async () => {
    const response = await fetch(`${baseUrl}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: runtime.clientId, RefreshToken: user.refreshToken }),
    });
    expect(response.status).toBe(200);
    const { AuthenticationResult } = (await response.json()) as {
      AuthenticationResult: { AccessToken: string; RefreshToken: string };
    };
    expect(AuthenticationResult.RefreshToken).toBe(user.refreshToken);
    expect(decodePayload(AuthenticationResult.AccessToken).sub).toBe(decodePayload(user.accessToken).sub);
    expect((await callAs(baseUrl, AuthenticationResult.AccessToken)('getCredits')).status).toBe(200);
  });

  it("refuses cognito-local's admin calls through the app's /cognito path", async () => {
    const response = await fetch(`${baseUrl}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminSetUserPassword',
      },
      body: JSON.stringify({
        UserPoolId: runtime.userPoolId,
        Username: user.email,
        Password: 'hijack1',
        Permanent: true,
      }),
    });
    expect(response.status).toBe(400);
    const signIn = await cognitoClient(baseUrl).send(
      new InitiateAuthCommand({
        ClientId: runtime.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    expect(signIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers unknown API paths with 404', async () => {
    expect((await callAs(baseUrl, user.accessToken).raw('GET', '/api/nope')).status).toBe(404);
  });

  it('keeps the sign-up flow on the app origin', async () => {
    // cognitoClient goes through /cognito; a wrong password is Cognito's own error, passed through.
    const cognito = cognitoClient(baseUrl);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: runtime.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: 'wrong-password' },
        }),
      ),
    ).rejects.toThrow();
  });
});
