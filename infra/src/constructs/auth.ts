import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Sign-ups one network address may start in 5 minutes. Every account gets free credits once,
 * so a script creating accounts is the way to farm them: past this, the address's sign-ups are
 * refused until its rate drops. Sign-in, refresh and every other call are not counted.
 */
export const SIGN_UPS_PER_ADDRESS_PER_5_MINUTES = 20;

export interface AuthProps {
  /** Deployment stage, part of the pool's name. */
  readonly stage: string;
  /**
   * What happens to the pool, and every account in it, when the stack is deleted. (No deletion
   * protection on top: a pool that refuses deletion would stop a failed first deploy's rollback.)
   * @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Send sign-up codes and password resets from this address through Amazon SES, whose domain is
   * verified in SES in the stack's region.
   * @default - Cognito's own e-mail, about 50 messages a day
   */
  readonly sesFromEmail?: string;
}

/** The name sign-up codes and password resets come from. */
const SENDER_NAME = 'Thumbnail Studio';

/**
 * Mail through SES from `fromEmail`, authorized by its domain's SES identity (a verified domain
 * may send from any address at it, and DKIM on the domain is what lets the mail reach inboxes).
 */
const sesEmail = (scope: Construct, fromEmail: string): UserPoolEmail =>
  UserPoolEmail.withSES({
    fromEmail,
    fromName: SENDER_NAME,
    sesVerifiedDomain: fromEmail.split('@').pop(),
    // The stack's own region, also when it is only known at deploy time.
    sesRegion: Stack.of(scope).region,
  });

/**
 * Email + password sign-in for the SPA (a password of at least 6 characters, email
 * verified by code). API Gateway checks the pool's access tokens; the SPA signs in with SRP.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** AWS WAF in front of the user pool: a rate limit on sign-ups per address. */
  readonly signUpFirewall: CfnWebACL;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `thumbnail-studio-${props.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Thumbnail Studio verification code',
        emailBody: 'Your Thumbnail Studio verification code is {####}',
      },
      standardAttributes: { email: { required: true, mutable: true } },
      // Minimum length 6 and nothing else; the sign-up form checks the same rule.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: props.sesFromEmail ? sesEmail(this, props.sesFromEmail) : undefined,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      // Only what the SPA signs in with in AWS (SRP; refresh comes with it): the password never
      // crosses the wire. The local cloud's cognito-local speaks USER_PASSWORD_AUTH instead.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      // Sign-in happens in the SPA; no hosted UI, so no OAuth flows or callback URLs.
      disableOAuth: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });

    this.signUpFirewall = this.limitSignUps();

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product fixes the password rule at a minimum of 6 characters with no class requirements.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is not part of the product; sign-in is email + password with a verified email.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the paid Plus feature plan; left off until abuse shows up. Sign-up needs a verified email.',
      },
    );
  }

  /**
   * A regional AWS WAF web ACL on the user pool whose one rule blocks an address's `SignUp` calls
   * past `SIGN_UPS_PER_ADDRESS_PER_5_MINUTES`. (The API has its own per-user limits, and its
   * throttling; an HTTP API takes no WAF, and CloudFront's would have to live in us-east-1.)
   */
  private limitSignUps(): CfnWebACL {
    const metrics = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const firewall = new CfnWebACL(this, 'SignUpFirewall', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: metrics('SignUpFirewall'),
      rules: [
        {
          name: 'SignUpsPerAddress',
          priority: 0,
          action: { block: {} },
          visibilityConfig: metrics('SignUpsPerAddress'),
          statement: {
            rateBasedStatement: {
              limit: SIGN_UPS_PER_ADDRESS_PER_5_MINUTES,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: 'AWSCognitoIdentityProviderService.SignUp',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
      ],
    });
    new CfnWebACLAssociation(this, 'SignUpFirewallOnUserPool', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: firewall.attrArn,
    });
    return firewall;
  }
}
