import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../../../config/runtime-config';

/** Points Amplify Auth at the user pool of the runtime config (cognito-local when an endpoint is set). */
export function configureAuth(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
