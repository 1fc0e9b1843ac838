import type { RuntimeConfig } from '@thumbnail-studio/contract';
import { Amplify } from 'aws-amplify';

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

/** Points Amplify Auth at the user pool of the runtime config (cognito-local when an endpoint is set). */
export function configureAuth(config: RuntimeConfig): void {
  const endpoint = userPoolEndpoint(config);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
