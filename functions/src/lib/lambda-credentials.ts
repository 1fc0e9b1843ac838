/**
 * Stands in for `@aws-sdk/credential-provider-node` in the deployed bundles (an esbuild alias,
 * see infra/src/native-modules.ts). That package's chain (profiles, SSO, web identity, the
 * instance metadata service, with the STS and SSO clients they use) is about 140 kB of every
 * bundle and a sixth of its import, while a Lambda function always finds its role's
 * credentials in the environment, which the chain would have read first anyway.
 * Tests and the local cloud run the sources and keep the SDK's own chain.
 */
interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  accountId?: string;
}

export const defaultProvider = () => async (): Promise<EnvCredentials> => {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_ACCOUNT_ID } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  }
  return {
    accessKeyId: AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS_SECRET_ACCESS_KEY,
    ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
    ...(AWS_ACCOUNT_ID ? { accountId: AWS_ACCOUNT_ID } : {}),
  };
};
