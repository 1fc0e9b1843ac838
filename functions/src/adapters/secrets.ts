import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';

const secretsSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  GEMINI_API_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});
export type AppSecrets = z.infer<typeof secretsSchema>;

/** Keys are re-read at most this often, so a rotated key reaches warm Lambdas. */
const MAX_AGE_MS = 5 * 60_000;
let cached: { value: AppSecrets; at: number } | undefined;

/**
 * Provider and Stripe keys. In AWS they live in one Secrets Manager secret
 * (`APP_SECRETS_ARN`); without it (the local cloud) they come from the environment.
 */
export async function getSecrets(): Promise<AppSecrets> {
  const arn = process.env.APP_SECRETS_ARN;
  if (!arn) return secretsSchema.parse(blankToUndefined(process.env));
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value;
  const { SecretString } = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  const value = secretsSchema.parse(blankToUndefined(JSON.parse(SecretString ?? '{}')));
  cached = { value, at: Date.now() };
  return value;
}

const blankToUndefined = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]));
