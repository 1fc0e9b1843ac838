import { parseSettings, secretGroups } from '../../functions/src/lib/settings';
import { type StripeLocal, startStripeLocal } from './index';

/** The local webhook secret when none is set: only a stand-in's, so nothing secret-shaped. */
export const LOCAL_WEBHOOK_SECRET = 'local-webhook-secret';
const LOCAL_SECRET_KEY = 'sk_test_local';

/**
 * Payments without a Stripe account: unless a real `STRIPE_SECRET_KEY` is set,
 * the Stripe stand-in starts and the backend's real Stripe SDK is pointed at
 * it, with webhooks delivered to this cloud's own `/api/stripe-webhook`.
 */
export async function startLocalStripe(appUrl: string, dataDir: string): Promise<StripeLocal | undefined> {
  const keys = parseSettings(secretGroups.stripe.schema, process.env);
  if (keys.STRIPE_SECRET_KEY) return undefined;
  const webhookSecret = keys.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET;
  const stripe = await startStripeLocal({
    port: 0,
    dataDir,
    webhookUrl: `${appUrl}/api/stripe-webhook`,
    webhookSecret,
  });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: LOCAL_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  return stripe;
}
