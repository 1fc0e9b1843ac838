import { Annotations, CfnOutput, RemovalPolicies, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Generation } from './constructs/generation';
import { Monitoring } from './constructs/monitoring';
import { Secrets } from './constructs/secrets';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { defaultHandlersDir, defaultWebDistDir } from './paths';
import type { CustomDomain, ModelSettings } from './settings';

/** Lower-case letters, digits and dashes, short enough for the images bucket's name (63 chars max). */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,9}$/;

/** What a stack deletion leaves behind, in every stage: the ledger of money is never deleted with a stack. */
const RETAINED_ALWAYS = 'the credits table';
/** What a stack deletion leaves behind where data is kept (a stage that is not disposable). */
const RETAINED_WHEN_KEPT =
  'the credits, conversations, messages, models, limits and shares tables; the images and access-log buckets; the user pool; the provider and Stripe secrets; the log groups, until their retention ends';

export interface ThumbnailStudioStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...), part of resource names. */
  readonly stage: string;
  /**
   * A stage whose data goes with it: deleting the stack deletes its tables, buckets (emptied
   * first), user pool, secrets and log groups, all but the credits table (the record of money,
   * kept in every stage). Every other stage keeps them when the stack is deleted or an update
   * replaces or removes one, and the `RetainedOnDelete` output lists them. Either way, a first
   * deploy that fails and rolls back deletes what it created, so a retry starts from nothing.
   * @default stage === 'dev' (every other stage keeps its data unless marked disposable)
   */
  readonly disposable?: boolean;
  /**
   * The address Cognito sends sign-up codes and password resets from, through Amazon SES. Its
   * domain must be verified in SES in the stack's region, and the account out of the SES sandbox.
   * @default - Cognito's own e-mail, which stops sending after about 50 messages a day
   */
  readonly sesFromEmail?: string;
  /**
   * Where alarms are e-mailed (an SNS subscription the address must confirm).
   * @default - no e-mail: alarms go to the topic only
   */
  readonly alarmEmail?: string;
  /**
   * Deploy the CloudWatch dashboard (output `DashboardUrl`): $3 a month beyond an account's first
   * three. The alarms are deployed either way.
   * @default false
   */
  readonly dashboard?: boolean;
  /** Credits every new user gets once. @default 3 (the backend's `INITIAL_CREDITS`) */
  readonly initialCredits?: number;
  /**
   * Models (saved people, up to 20 photos each) one user may keep; 0 for no cap.
   * @default 50 (the backend's `MAX_MODELS_PER_USER`)
   */
  readonly maxModelsPerUser?: number;
  /** Generation jobs run at once, to stay under the providers' rate limits. @default 5 */
  readonly workerConcurrency?: number;
  /**
   * Image provider calls at once across every worker: each job calls its variations at most
   * `providerCallsAtOnce / workerConcurrency` at a time (at least one). @default 10
   */
  readonly providerCallsAtOnce?: number;
  /**
   * Generations creators wait on at once that the API's throttle carries; sets `apiRateLimit`'s default.
   * @default 200
   */
  readonly generationsInFlight?: number;
  /**
   * Steady requests per second for the whole API.
   * @default - what `generationsInFlight` polls at the web's pace (270 for 200)
   */
  readonly apiRateLimit?: number;
  /** Requests the API takes at once above the steady rate. @default twice `apiRateLimit`, at most 5,000 */
  readonly apiBurstLimit?: number;
  /** How long function and API access logs are kept. @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** Image and classifier model ids. @default - the backend's defaults (`functions/src/lib/settings.ts`) */
  readonly models?: ModelSettings;
  /**
   * Offer the offline provider (placeholder images, no AI) when no provider key is set. Without it,
   * a stage with no key says image generation is not set up, and charges nothing.
   * @default false
   */
  readonly offlineProvider?: boolean;
  /** @default - the distribution's `*.cloudfront.net` name */
  readonly customDomain?: CustomDomain;
  /** @default functions/src/handlers of this repository */
  readonly handlersDir?: string;
  /** @default web/dist of this repository */
  readonly webDistDir?: string;
}

/** The whole product in one stack; each domain is one construct, wired together here. */
export class ThumbnailStudioStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly secrets: Secrets;
  readonly generation: Generation;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ThumbnailStudioStackProps) {
    super(scope, id, props);
    const { stage } = props;
    if (!STAGE_PATTERN.test(stage)) {
      throw new Error(`Stage "${stage}" must match ${STAGE_PATTERN} (it becomes part of bucket names)`);
    }
    // Data is kept unless the stage says it is disposable: a stage named anything but `dev` keeps it
    // by default, so a misnamed production stage errs on the side of leaving data behind.
    const keepData = !(props.disposable ?? stage === 'dev');
    const handlersDir = props.handlersDir ?? defaultHandlersDir;

    // Kept on deletion and on replacement, but deleted when the deploy that created it rolls back.
    const removalPolicy = keepData ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;

    this.auth = new Auth(this, 'Auth', { stage, removalPolicy, sesFromEmail: props.sesFromEmail });
    this.data = new Data(this, 'Data', { removalPolicy });
    this.storage = new Storage(this, 'Storage', { stage, removalPolicy });
    this.secrets = new Secrets(this, 'Secrets', { removalPolicy });
    const shared = {
      data: this.data,
      imagesBucket: this.storage.imagesBucket,
      secrets: this.secrets.secrets,
    };
    const logRetention = props.logRetention;
    this.generation = new Generation(this, 'Generation', {
      handlersDir,
      resources: shared,
      maxConcurrency: props.workerConcurrency,
      providerCallsAtOnce: props.providerCallsAtOnce,
      logRetention,
    });
    this.api = new Api(this, 'Api', {
      handlersDir,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      resources: { ...shared, jobsQueue: this.generation.jobsQueue },
      generationsInFlight: props.generationsInFlight,
      rateLimit: props.apiRateLimit,
      burstLimit: props.apiBurstLimit,
      logRetention,
    });
    this.configureFunctions(props);
    this.web = new Web(this, 'Web', {
      stage,
      distDir: props.webDistDir ?? defaultWebDistDir,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      imagesOrigin: this.storage.imagesOrigin,
      accessLogsBucket: this.storage.accessLogsBucket,
      customDomain: props.customDomain,
    });
    this.storage.allowBrowserAccessFrom(this.web.appOrigin);
    // Checkout sends buyers back to the app; the API itself is only reached through this origin.
    this.api.functions.payments.addEnvironment('APP_ORIGIN', this.web.appOrigin);
    // A shared image's page names its picture by an absolute URL on the app's origin (Open Graph).
    this.api.functions['public-shares'].addEnvironment('APP_ORIGIN', this.web.appOrigin);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      alarmEmail: props.alarmEmail,
      dashboard: props.dashboard,
      api: this.api,
      generation: this.generation,
      data: this.data,
    });

    // Log groups follow the data: kept until their retention ends, or deleted with a disposable stage.
    RemovalPolicies.of(this).apply(removalPolicy, { applyToResourceTypes: ['AWS::Logs::LogGroup'] });

    new CfnOutput(this, 'RetainedOnDelete', {
      value: keepData ? RETAINED_WHEN_KEPT : RETAINED_ALWAYS,
      description: keepData
        ? 'This stage keeps its data: what `cdk destroy` leaves behind, to delete by hand (a failed first deploy leaves nothing)'
        : 'This stage is disposable: it cleans up after itself, except the money records',
    });
    this.reportSignUpEmail(props.sesFromEmail, keepData);
    new CfnOutput(this, 'AppUrl', { value: this.web.appOrigin, description: 'The app (CloudFront)' });
    if (props.customDomain) {
      new CfnOutput(this, 'DistributionDomainName', {
        value: this.web.distribution.distributionDomainName,
        description: `Point ${props.customDomain.domainName} here (a CNAME, or an alias record in Route 53)`,
      });
    }
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'ProviderSecretArn', {
      value: this.secrets.secrets.providers.secretArn,
      description: 'Set OPENAI_API_KEY and/or GEMINI_API_KEY here, as a JSON object',
    });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.secrets.secrets.stripe.secretArn,
      description: 'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET here, as a JSON object',
    });
  }

  /**
   * Says which sender the user pool mails sign-up codes and password resets from. Cognito's own
   * stops after about 50 messages a day, so a stage that keeps its data (one people use) warns
   * at every synth and deploy until it sends through SES.
   */
  private reportSignUpEmail(sesFromEmail: string | undefined, keepData: boolean): void {
    if (!sesFromEmail && keepData) {
      Annotations.of(this).addWarningV2(
        'thumbnail-studio:cognito-email-quota',
        `Sign-up codes and password resets go out through Cognito's own e-mail, which stops after about 50 messages a day. Verify a domain in Amazon SES and deploy with -c sesFromEmail=<an address at it> (docs/deploy.md, "Sign-up e-mail through Amazon SES").`,
      );
    }
    new CfnOutput(this, 'SignUpEmailSender', {
      value: sesFromEmail
        ? `${sesFromEmail} through Amazon SES`
        : "Cognito's own e-mail: about 50 messages a day. Set sesFromEmail to send through Amazon SES",
      description: 'Where sign-up codes and password resets are mailed from',
    });
  }

  /** The operator's product settings, as the backend's environment variables, on the functions that read them. */
  private configureFunctions(props: ThumbnailStudioStackProps): void {
    const everyFunction = [...Object.values(this.api.functions), ...Object.values(this.generation.functions)];
    if (props.initialCredits !== undefined) {
      for (const fn of everyFunction) fn.addEnvironment('INITIAL_CREDITS', String(props.initialCredits));
    }
    if (props.maxModelsPerUser !== undefined) {
      this.api.functions.models.addEnvironment('MAX_MODELS_PER_USER', String(props.maxModelsPerUser));
    }
    // Explicit in AWS: the backend's own default (on) is for the local cloud. The messages
    // function decides what is offered; the worker only runs the provider a job was sent with.
    this.api.functions.messages.addEnvironment('OFFLINE_PROVIDER', String(props.offlineProvider ?? false));
    const models: Record<keyof ModelSettings, string> = {
      openaiImageModel: 'OPENAI_IMAGE_MODEL',
      openaiClassifierModel: 'OPENAI_CLASSIFIER_MODEL',
      geminiImageModel: 'GEMINI_IMAGE_MODEL',
      geminiClassifierModel: 'GEMINI_CLASSIFIER_MODEL',
    };
    const textModels: (keyof ModelSettings)[] = ['openaiClassifierModel', 'geminiClassifierModel'];
    for (const [setting, envVar] of Object.entries(models) as [keyof ModelSettings, string][]) {
      const id = props.models?.[setting];
      if (!id) continue;
      this.generation.worker.addEnvironment(envVar, id);
      // Title ideas, on the messages function, are written by the classifiers' text models.
      if (textModels.includes(setting)) this.api.functions.messages.addEnvironment(envVar, id);
    }
  }
}
