import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_REGION } from '../dynamodb/dynamodb-local';

export interface LocalPool {
  userPoolId: string;
  clientId: string;
}

/**
 * The user pool and app client, created on first start with the same settings
 * the CDK auth construct uses, and remembered in `<dataDir>/local-cloud.json`.
 */
export async function ensureUserPool(dataDir: string, endpoint: string): Promise<LocalPool> {
  const stateFile = path.join(dataDir, 'local-cloud.json');
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const saved = JSON.parse(await readFile(stateFile, 'utf8')) as LocalPool;
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: saved.userPoolId, ClientId: saved.clientId }),
    );
    return saved;
  } catch {
    // No saved pool, or it is gone: create a fresh one below.
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'thumbnail-studio',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 6 } },
    }),
  );
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: UserPool?.Id,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const pool = { userPoolId: UserPool?.Id ?? '', clientId: UserPoolClient?.ClientId ?? '' };
  await writeFile(stateFile, `${JSON.stringify(pool, null, 2)}\n`);
  client.destroy();
  return pool;
}
