import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** Keys the backend reads from the app secret (a JSON object). */
export const APP_SECRET_KEYS = [
  'OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

export interface SecretsProps {
  /** Deployment stage, part of the secret's name. */
  readonly stage: string;
}

/**
 * Provider and Stripe keys: one Secrets Manager secret per stage. The template only creates
 * the container; the operator sets the value out-of-band, so no key ever lands in the
 * template, an env var or the web bundle. Functions get the ARN via `bindSecret`.
 */
export class Secrets extends Construct {
  readonly appSecret: Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const secretName = `thumbnail-studio/${props.stage}/app-secrets`;
    this.appSecret = new Secret(this, 'AppSecrets', {
      secretName,
      description:
        `JSON object with ${APP_SECRET_KEYS.join(', ')}. Set it with: ` +
        `aws secretsmanager put-secret-value --secret-id ${secretName} --secret-string file://secrets.json`,
      // Starts as a JSON object with every key blank, so the functions read "not configured"
      // rather than failing to parse; `unused` is only there because CloudFormation must generate something.
      generateSecretString: {
        secretStringTemplate: JSON.stringify(Object.fromEntries(APP_SECRET_KEYS.map((key) => [key, '']))),
        generateStringKey: 'unused',
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.appSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Holds third-party API keys (OpenAI, Gemini, Stripe) that those vendors issue; Secrets Manager cannot rotate them.',
    });
  }
}
