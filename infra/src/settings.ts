import type { StackProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { DEFAULT_PROVIDER_CALLS_AT_ONCE, DEFAULT_WORKER_CONCURRENCY } from '../../functions/src/core/jobs';
import type { ThumbnailStudioStackProps } from './stack';

/**
 * The operator's settings for one deployment, read from CDK context (`cdk.json`, or
 * `cdk deploy -c name=value`): the stack's props an operator may set. Every one is optional
 * but `stage`; an unset one keeps the stack's default. `infra/README.md` ("Stages and settings") lists them in one table.
 */
export type DeploySettings = Omit<ThumbnailStudioStackProps, keyof StackProps | 'handlersDir' | 'webDistDir'>;

/** Image and classifier model ids; a vendor retires models, so they are settings. */
export interface ModelSettings {
  readonly openaiImageModel?: string;
  readonly openaiClassifierModel?: string;
  readonly geminiImageModel?: string;
  readonly geminiClassifierModel?: string;
}

/** The app on its own host name instead of `*.cloudfront.net`. */
export interface CustomDomain {
  readonly domainName: string;
  /** An ACM certificate in us-east-1 (CloudFront's region) that covers `domainName`. */
  readonly certificateArn: string;
}

export class DeploySettingsError extends Error {}

const fail = (name: string, rule: string, value: unknown): never => {
  throw new DeploySettingsError(`Context setting "${name}" ${rule}, got ${JSON.stringify(value)}`);
};

/** Context values come as strings from `-c`, as JSON values from `cdk.json`; blank means unset. */
const present = (value: unknown): boolean =>
  value !== undefined && value !== null && String(value).trim() !== '';

function wholeNumber(name: string, value: unknown, min: number, max: number): number | undefined {
  if (!present(value)) return undefined;
  const n = Number(String(value).trim());
  if (!Number.isInteger(n) || n < min || n > max)
    fail(name, `must be a whole number from ${min} to ${max}`, value);
  return n;
}

function flag(name: string, value: unknown): boolean | undefined {
  if (!present(value)) return undefined;
  const text = String(value).trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fail(name, 'must be true or false', value);
}

function matching(name: string, value: unknown, pattern: RegExp, rule: string): string | undefined {
  if (!present(value)) return undefined;
  const text = String(value).trim();
  if (!pattern.test(text)) fail(name, rule, value);
  return text;
}

/** The retention periods CloudWatch Logs accepts, in days. */
const RETENTION_DAYS = Object.values(RetentionDays).filter(
  (days): days is RetentionDays => typeof days === 'number' && days !== RetentionDays.INFINITE,
);

const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CLOUDFRONT_CERTIFICATE = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

/**
 * Reads and checks every deploy setting from `node`'s context, failing on the first bad one
 * with its name, the rule and the value given.
 */
export function readDeploySettings(node: Node): DeploySettings {
  const get = (name: string): unknown => node.tryGetContext(name);
  const stage = present(get('stage')) ? String(get('stage')).trim() : 'dev';

  let logRetention: RetentionDays | undefined;
  if (present(get('logRetentionDays'))) {
    const days = Number(String(get('logRetentionDays')).trim());
    logRetention = RETENTION_DAYS.find((allowed) => allowed === days);
    if (logRetention === undefined) {
      fail('logRetentionDays', `must be one of ${RETENTION_DAYS.join(', ')}`, get('logRetentionDays'));
    }
  }

  const domainName = matching('domainName', get('domainName'), DOMAIN, 'must be a lower-case host name');
  const certificateArn = matching(
    'certificateArn',
    get('certificateArn'),
    CLOUDFRONT_CERTIFICATE,
    'must be the ARN of an ACM certificate in us-east-1 (CloudFront only takes those)',
  );
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new DeploySettingsError(
      'Context settings "domainName" and "certificateArn" go together: set both, or neither',
    );
  }

  // The setting it replaced protected only a stage named `prod`; refusing it keeps an old command
  // line from deploying a stage whose data it meant to keep as disposable, or the other way round.
  if (present(get('protectData'))) {
    throw new DeploySettingsError(
      'Context setting "protectData" is replaced by "disposable": every stage keeps its data unless disposable=true (dev is disposable by default)',
    );
  }

  const model = (name: string) => matching(name, get(name), MODEL_ID, 'must be a model id');
  const rateLimit = wholeNumber('apiRateLimit', get('apiRateLimit'), 1, 10_000);
  const burstLimit = wholeNumber('apiBurstLimit', get('apiBurstLimit'), 1, 5_000);
  // SQS event sources take a maximum concurrency from 2 to 1000.
  const workerConcurrency = wholeNumber('workerConcurrency', get('workerConcurrency'), 2, 1_000);
  const providerCallsAtOnce = wholeNumber('providerCallsAtOnce', get('providerCallsAtOnce'), 1, 10_000);
  // Every running job makes at least one provider call, so fewer calls than jobs could not be kept.
  const jobs = workerConcurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const calls = providerCallsAtOnce ?? DEFAULT_PROVIDER_CALLS_AT_ONCE;
  if (calls < jobs) {
    throw new DeploySettingsError(
      `Context setting "providerCallsAtOnce" must be at least workerConcurrency (${jobs}): each running job calls the provider at least once, got ${calls}`,
    );
  }

  return {
    stage,
    disposable: flag('disposable', get('disposable')),
    alarmEmail: matching('alarmEmail', get('alarmEmail'), EMAIL, 'must be an e-mail address'),
    dashboard: flag('dashboard', get('dashboard')),
    sesFromEmail: matching('sesFromEmail', get('sesFromEmail'), EMAIL, 'must be an e-mail address'),
    initialCredits: wholeNumber('initialCredits', get('initialCredits'), 0, 1_000),
    maxModelsPerUser: wholeNumber('maxModelsPerUser', get('maxModelsPerUser'), 0, 10_000),
    workerConcurrency,
    providerCallsAtOnce,
    // Keeps the rate derived from it under API Gateway's 10,000 requests a second per account and region.
    generationsInFlight: wholeNumber('generationsInFlight', get('generationsInFlight'), 1, 5_000),
    apiRateLimit: rateLimit,
    apiBurstLimit: burstLimit,
    logRetention,
    models: {
      openaiImageModel: model('openaiImageModel'),
      openaiClassifierModel: model('openaiClassifierModel'),
      geminiImageModel: model('geminiImageModel'),
      geminiClassifierModel: model('geminiClassifierModel'),
    },
    offlineProvider: flag('offlineProvider', get('offlineProvider')),
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
  };
}
