import { afterEach, beforeAll, beforeEach } from 'vitest';
import { configureAuth } from '../features/auth/api/configure-auth';
import { testConfig } from './fake-api';

/** Where Amplify keeps the session of the test app client in `localStorage`. */
const PREFIX = `CognitoIdentityServiceProvider.${testConfig.userPoolClientId}`;

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** An unsigned JWT: the browser only decodes tokens, the API verifies them. */
const token = (claims: Record<string, unknown>) =>
  `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.signature`;

/** A signed-in user's session as Amplify stores it after a sign-in, valid for an hour. */
export function storeSession(username = 'u1') {
  const iat = Math.floor(Date.now() / 1000);
  const claims = { sub: username, username, iat, exp: iat + 3600 };
  localStorage.setItem(`${PREFIX}.LastAuthUser`, username);
  localStorage.setItem(`${PREFIX}.${username}.accessToken`, token({ ...claims, token_use: 'access' }));
  localStorage.setItem(`${PREFIX}.${username}.idToken`, token({ ...claims, token_use: 'id' }));
  localStorage.setItem(`${PREFIX}.${username}.refreshToken`, 'refresh-token');
  localStorage.setItem(`${PREFIX}.${username}.clockDrift`, '0');
}

/** Signs the user out as far as the browser knows: the stored session is gone. */
export function clearSession() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}

/**
 * Amplify configured for the test user pool as the app does (`configureAuth`) and a signed-in session in storage for every test of the
 * file (a test may `clearSession()`). Nothing reaches Cognito: Amplify reads the stored tokens.
 */
export function withSignedInUser() {
  beforeAll(() => configureAuth(testConfig));
  beforeEach(() => storeSession());
  afterEach(clearSession);
}
