import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type AppSecrets, parseSettings, secretsSchema, settings } from '../lib/settings';

export type { AppSecrets } from '../lib/settings';

/** Keys are re-read at most this often, so a rotated key reaches warm Lambdas. */
const MAX_AGE_MS = 5 * 60_000;
let cached: { value: AppSecrets; at: number } | undefined;

/**
 * Provider and Stripe keys. In AWS they live in one Secrets Manager secret
 * (`APP_SECRETS_ARN`); without it (the local cloud) they come from the
 * environment. Blank keys count as missing, as every blank setting does.
 */
export async function getSecrets(): Promise<AppSecrets> {
  const arn = settings().APP_SECRETS_ARN;
  if (!arn) return parseSettings(secretsSchema, process.env);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value;
  const { SecretString } = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  const value = parseSettings(secretsSchema, JSON.parse(SecretString ?? '{}'));
  cached = { value, at: Date.now() };
  return value;
}
