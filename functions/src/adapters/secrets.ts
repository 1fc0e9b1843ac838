import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { withoutSdkLogging } from '../lib/sdk-clients';
import { parseSettings, type SecretGroup, type SecretsOf, secretGroups, settings } from '../lib/settings';

/** Keys are re-read at most this often, so a rotated key reaches warm Lambdas. */
const MAX_AGE_MS = 5 * 60_000;
const cache = new Map<SecretGroup, { value: unknown; at: number }>();

/**
 * The keys of one group, each function reading only the groups it is granted. In AWS they live in
 * the group's Secrets Manager secret (its ARN in `PROVIDER_SECRETS_ARN` / `STRIPE_SECRETS_ARN`);
 * without that (the local cloud) they come from the environment. A missing or blank key, and a
 * secret whose value is not a JSON object (a new one holds `{}` until the operator sets it), all
 * read as "not configured".
 */
export async function getSecrets<G extends SecretGroup>(group: G): Promise<SecretsOf<G>> {
  const { arnVar, schema } = secretGroups[group];
  const arn = settings()[arnVar];
  if (!arn) return parseSettings(schema, process.env) as SecretsOf<G>;
  const cached = cache.get(group);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value as SecretsOf<G>;
  const { SecretString } = await withoutSdkLogging(new SecretsManagerClient({})).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  const value = parseSettings(schema, secretObject(SecretString)) as SecretsOf<G>;
  cache.set(group, { value, at: Date.now() });
  return value;
}

/** A secret's value as key/value pairs: anything but a JSON object holds no keys. */
export function secretObject(secretString: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(secretString ?? '');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
