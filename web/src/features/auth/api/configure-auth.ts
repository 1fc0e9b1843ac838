import { Amplify, type AuthConfig } from '@aws-amplify/core';
import type { RuntimeConfig } from '@thumbnail-studio/contract';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

/**
 * Under `vite` dev the local cloud is another origin without CORS; its `/cognito` path is reached
 * through the dev server's proxy instead. Built bundles use the configured endpoint as is.
 */
function userPoolEndpoint(config: RuntimeConfig): string | undefined {
  if (!config.cognitoEndpoint || !import.meta.env.DEV) return config.cognitoEndpoint;
  const url = new URL(config.cognitoEndpoint);
  return url.origin === window.location.origin
    ? config.cognitoEndpoint
    : `${window.location.origin}${url.pathname}`;
}

/**
 * Points Amplify Auth at the user pool of the runtime config (cognito-local when an endpoint is set).
 * Configured through `@aws-amplify/core` with the user pool's token provider alone: `aws-amplify`'s
 * `Amplify` also wires identity-pool credentials and cookie storage, which this app never uses.
 */
export function configureAuth(config: RuntimeConfig): void {
  const endpoint = userPoolEndpoint(config);
  const auth: AuthConfig = {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
      loginWith: { email: true },
      signUpVerificationMethod: 'code',
    },
  };
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
