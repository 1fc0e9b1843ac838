import { CfnOutput, RemovalPolicies, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Generation } from './constructs/generation';
import { Secrets } from './constructs/secrets';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { defaultHandlersDir, defaultWebDistDir } from './paths';

/** Lower-case letters, digits and dashes, short enough for the images bucket's name (63 chars max). */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,9}$/;

/** What a stack deletion leaves behind, in every stage: the ledger of money is never deleted with a stack. */
const RETAINED_ALWAYS = 'the credits table';
/** What a stack deletion leaves behind where data is kept. */
const RETAINED_WHEN_PROTECTED =
  'the credits, conversations, messages, models and limits tables; the images and access-log buckets; the user pool; the provider and Stripe secrets; the log groups, until their retention ends';

export interface ThumbnailStudioStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...), part of resource names. */
  readonly stage: string;
  /**
   * Keep data when the stack is deleted: tables, the images and access-log buckets, the user pool
   * (which also refuses deletion) and the secrets are retained, and the `RetainedOnDelete` output
   * lists them. Otherwise (a dev stage) the stack deletes all of them, emptying the buckets first,
   * so the stage can be deployed again from nothing. The credits table is always kept and protected.
   * @default stage === 'prod'
   */
  readonly protectData?: boolean;
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

  constructor(scope: Construct, id: string, props: ThumbnailStudioStackProps) {
    super(scope, id, props);
    const { stage } = props;
    if (!STAGE_PATTERN.test(stage)) {
      throw new Error(`Stage "${stage}" must match ${STAGE_PATTERN} (it becomes part of bucket names)`);
    }
    const protectData = props.protectData ?? stage === 'prod';
    const handlersDir = props.handlersDir ?? defaultHandlersDir;

    const removalPolicy = protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.auth = new Auth(this, 'Auth', { stage, deletionProtection: protectData, removalPolicy });
    this.data = new Data(this, 'Data', { removalPolicy });
    this.storage = new Storage(this, 'Storage', { stage, retain: protectData });
    this.secrets = new Secrets(this, 'Secrets', { removalPolicy });
    const shared = {
      data: this.data,
      imagesBucket: this.storage.imagesBucket,
      secrets: this.secrets.secrets,
    };
    this.generation = new Generation(this, 'Generation', { handlersDir, resources: shared });
    this.api = new Api(this, 'Api', {
      handlersDir,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      resources: { ...shared, jobsQueue: this.generation.jobsQueue },
    });
    this.web = new Web(this, 'Web', {
      stage,
      distDir: props.webDistDir ?? defaultWebDistDir,
      httpApi: this.api.httpApi,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      imagesOrigin: this.storage.imagesOrigin,
      accessLogsBucket: this.storage.accessLogsBucket,
    });
    this.storage.allowBrowserAccessFrom(this.web.appOrigin);
    // Checkout sends buyers back to the app; the API itself is only reached through this origin.
    this.api.functions.payments.addEnvironment('APP_ORIGIN', this.web.appOrigin);

    // Log groups expire by their retention where data is kept; a stage that keeps nothing deletes them.
    if (!protectData) RemovalPolicies.of(this).destroy({ applyToResourceTypes: ['AWS::Logs::LogGroup'] });

    new CfnOutput(this, 'RetainedOnDelete', {
      value: protectData ? RETAINED_WHEN_PROTECTED : RETAINED_ALWAYS,
      description: protectData
        ? 'This stage keeps its data: what `cdk destroy` leaves behind, to delete by hand'
        : 'This stage cleans up after itself, except the money records',
    });
    new CfnOutput(this, 'AppUrl', { value: this.web.appOrigin, description: 'The app (CloudFront)' });
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
}
