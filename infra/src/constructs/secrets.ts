import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type SecretGroup, secretGroups } from '../../../functions/src/lib/settings';

export interface SecretsProps {
  /**
   * What happens to the secrets (and the keys in them) when the stack is deleted.
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
  readonly removalPolicy?: RemovalPolicy;
}

/** What each secret is for, in its description. */
const PURPOSE: Record<SecretGroup, string> = {
  providers: 'Image provider keys, read by the messages function and the generation worker',
  stripe: 'Stripe keys, read by the payments function',
};

/** The keys a group's secret holds, for its description. */
export const secretKeysOf = (group: SecretGroup): string[] => Object.keys(secretGroups[group].schema.shape);

/**
 * One Secrets Manager secret per group of keys (`secretGroups`), so each function is granted only
 * the keys it uses. The template sets a fixed initial value, `{}`, that never changes: a deploy
 * leaves the value alone whatever keys the code comes to read, so keys the operator set survive
 * every deploy. The functions read a missing key as "not configured". Names are left to
 * CloudFormation, so a retained secret never collides with the next deploy of the same stage.
 */
export class Secrets extends Construct {
  readonly secrets: Record<SecretGroup, Secret>;

  constructor(scope: Construct, id: string, props: SecretsProps = {}) {
    super(scope, id);
    const made: Partial<Record<SecretGroup, Secret>> = {};
    for (const group of Object.keys(secretGroups) as SecretGroup[]) {
      const secret = new Secret(this, group === 'providers' ? 'ProviderKeys' : 'StripeKeys', {
        description:
          `${PURPOSE[group]}: a JSON object with ${secretKeysOf(group).join(', ')}; a missing key is not configured. ` +
          'Set it with: aws secretsmanager put-secret-value --secret-id <this ARN> --secret-string file://keys.json',
        // Not a secret: the placeholder an operator replaces. Constant, so no deploy ever rewrites the value.
        secretStringValue: SecretValue.unsafePlainText('{}'),
        removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Holds third-party API keys (OpenAI, Gemini, Stripe) that those vendors issue; Secrets Manager cannot rotate them.',
      });
      made[group] = secret;
    }
    this.secrets = made as Record<SecretGroup, Secret>;
  }
}
