import Stripe from 'stripe';
import { SettingsError, settings } from '../lib/settings';
import { getSecrets } from './secrets';

let cached: { key: string; client: Stripe } | undefined;

/**
 * The Stripe client, built from the secret key (re-read, so a rotated key is
 * picked up). `STRIPE_API_URL` points it at a stand-in; unset, it talks to Stripe.
 */
export async function getStripe(): Promise<Stripe> {
  const { STRIPE_SECRET_KEY: key } = await getSecrets('stripe');
  if (!key) throw new SettingsError('Missing required setting STRIPE_SECRET_KEY');
  if (cached?.key === key) return cached.client;
  const apiUrl = settings().STRIPE_API_URL;
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 8_000,
    ...(endpoint && {
      host: endpoint.hostname,
      port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80),
      protocol: endpoint.protocol === 'https:' ? ('https' as const) : ('http' as const),
    }),
  });
  cached = { key, client };
  return client;
}

/** The webhook signing secret; events without a valid signature over the raw body are refused. */
export async function getWebhookSecret(): Promise<string> {
  const { STRIPE_WEBHOOK_SECRET: secret } = await getSecrets('stripe');
  if (!secret) throw new SettingsError('Missing required setting STRIPE_WEBHOOK_SECRET');
  return secret;
}

/** Stripe's own answer that a resource doesn't exist (an unknown or malformed session id). */
export const isMissingResource = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.code === 'resource_missing' || error.statusCode === 404);
