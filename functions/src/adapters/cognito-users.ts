import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { withoutSdkLogging } from '../lib/sdk-clients';

let client: CognitoIdentityProviderClient | undefined;

/**
 * The caller's e-mail address, read from Cognito with the caller's own access
 * token (which carries no e-mail claim). Needs no IAM permission: the token is the proof.
 */
export async function getEmailOfCaller(accessToken: string): Promise<string | undefined> {
  client ??= withoutSdkLogging(new CognitoIdentityProviderClient({}));
  const { UserAttributes = [] } = await client.send(new GetUserCommand({ AccessToken: accessToken }));
  return UserAttributes.find((attribute) => attribute.Name === 'email')?.Value;
}
