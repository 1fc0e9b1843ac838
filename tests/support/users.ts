import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Endpoints, RequestBody } from '@thumbnail-studio/contract';
import { latestCodeFor } from '../../local/cognito/outbox';
import { callAs } from './api';
import { decodePayload, rememberIssuer } from './tokens';

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export function cognitoClient(baseUrl: string) {
  // Through the app's own /cognito path, the way the browser reaches cognito-local.
  return new CognitoIdentityProviderClient({
    endpoint: `${baseUrl}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Signs a new user up, confirms them with the code from the outbox and signs them in. */
export async function signUpUser(
  baseUrl: string,
  dataDir: string,
  clientId: string,
  name = 'user',
): Promise<TestUser> {
  return signUpAs(baseUrl, dataDir, clientId, `${name}-${randomUUID().slice(0, 8)}@example.com`, 'secret1');
}

/** Signs `email` up with `password`, confirms it with the outbox's code and signs it in. */
export async function signUpAs(
  baseUrl: string,
  dataDir: string,
  clientId: string,
  email: string,
  password: string,
): Promise<TestUser> {
  const cognito = cognitoClient(baseUrl);
  await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: password }));
  const code = await latestCodeFor(dataDir, email);
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
  );
  const { AuthenticationResult: tokens } = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  cognito.destroy();
  if (tokens?.AccessToken) rememberIssuer(tokens.AccessToken, dataDir);
  return {
    email,
    password,
    accessToken: tokens?.AccessToken ?? '',
    idToken: tokens?.IdToken ?? '',
    refreshToken: tokens?.RefreshToken ?? '',
  };
}

/** Where a test finds a local cloud: the run's shared one (`sharedCloud()`) or one of its own. */
export interface CloudAddress {
  url: string;
  dataDir: string;
  runtime: { clientId: string };
}

/** Signs a new user up on a cloud: the API as them, their id and their token. */
export async function newApiUser(cloud: CloudAddress, name: string) {
  const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, name);
  const userId = String(decodePayload(user.accessToken).sub);
  return { user, token: user.accessToken, userId, api: callAs(cloud.url, user.accessToken) };
}

/** A new user with a new conversation of theirs, and `send` to post into it (or into conversation `id`). */
export async function newUserWithConversation(cloud: CloudAddress, name: string) {
  const signedUp = await newApiUser(cloud, name);
  const { api } = signedUp;
  const conversationId = (await api('createConversation', { body: {} })).body.conversation.id as string;
  const send = (body: RequestBody<Endpoints['sendMessage']>, id = conversationId) =>
    api('sendMessage', { params: { id }, body });
  return { ...signedUp, conversationId, send };
}
