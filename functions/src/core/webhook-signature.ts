/**
 * The log message of a Stripe webhook call refused for its signature. The stack counts these
 * lines into a metric and alarms on it: a wrong `STRIPE_WEBHOOK_SECRET` refuses every delivery.
 */
export const WEBHOOK_SIGNATURE_REFUSED = 'webhook refused: bad signature';
