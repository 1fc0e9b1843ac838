/**
 * The prices `npm run cost` charges, us-east-1 list prices in US dollars, each with where it was
 * read and when. Free tiers are left out (a deployment's bill is the same after its first year).
 * When a price changes, change it here with its new date and source; the figures follow.
 */
export interface Price {
  usd: number;
  /** What the price is for: the unit it multiplies. */
  per: string;
  /** When it was read, YYYY-MM-DD. */
  asOf: string;
  source: string;
}

const price = (usd: number, per: string, source: string, asOf = '2026-11-28'): Price => ({
  usd,
  per,
  asOf,
  source,
});

const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const DYNAMODB = 'https://aws.amazon.com/dynamodb/pricing/on-demand/';
const S3 = 'https://aws.amazon.com/s3/pricing/';
const CLOUDWATCH = 'https://aws.amazon.com/cloudwatch/pricing/';

export const prices = {
  /** Duration, first tier (the first 6 billion GB-s of x86, 7.5 billion of Arm, a month). */
  lambdaArmGbSecond: price(0.0000133334, 'GB-second on arm64', LAMBDA),
  lambdaX86GbSecond: price(0.0000166667, 'GB-second on x86_64', LAMBDA),
  lambdaRequest: price(0.2 / 1e6, 'invocation', LAMBDA),
  /** HTTP APIs, the first 300 million requests a month. */
  httpApiRequest: price(1 / 1e6, 'HTTP API request', 'https://aws.amazon.com/api-gateway/pricing/'),
  dynamodbWriteUnit: price(0.625 / 1e6, 'write request unit (on demand)', DYNAMODB),
  dynamodbReadUnit: price(0.125 / 1e6, 'read request unit (on demand)', DYNAMODB),
  dynamodbStorageGbMonth: price(0.25, 'GB-month stored (Standard table class)', DYNAMODB),
  s3StorageGbMonth: price(0.023, 'GB-month stored (S3 Standard, first 50 TB)', S3),
  /** PUT, COPY, POST and LIST requests; PutObjectTagging is a PUT. */
  s3PutRequest: price(0.005 / 1000, 'PUT, COPY, POST or LIST request', S3),
  /** GET, HEAD and every other request but DELETE, which is free. */
  s3GetRequest: price(0.0004 / 1000, 'GET, HEAD or other request', S3),
  /** Signed image URLs are S3's own: the browser downloads previews straight from the bucket. */
  s3TransferOutGb: price(0.09, 'GB out to the internet (first 10 TB)', S3),
  sqsRequest: price(
    0.4 / 1e6,
    'request (standard queue, 64 KB chunk)',
    'https://aws.amazon.com/sqs/pricing/',
  ),
  cloudfrontHttpsRequest: price(
    0.01 / 10_000,
    'HTTPS request (United States)',
    'https://aws.amazon.com/cloudfront/pricing/',
  ),
  /** The app's page and JavaScript (the API's answers are small beside them). */
  cloudfrontTransferOutGb: price(
    0.085,
    'GB out to the internet (United States, first 10 TB)',
    'https://aws.amazon.com/cloudfront/pricing/',
  ),
  secretMonth: price(0.4, 'secret-month', 'https://aws.amazon.com/secrets-manager/pricing/'),
  secretApiCall: price(0.05 / 10_000, 'API call', 'https://aws.amazon.com/secrets-manager/pricing/'),
  alarmMonth: price(0.1, 'standard-resolution alarm metric-month', CLOUDWATCH),
  /** Each dashboard past an account's first three. */
  dashboardMonth: price(3, 'dashboard-month', CLOUDWATCH),
  /** A metric filter publishes one custom metric. */
  customMetricMonth: price(0.3, 'custom metric-month (first 10,000)', CLOUDWATCH),
  logIngestionGb: price(0.5, 'GB of logs ingested (Standard class)', CLOUDWATCH),
  webAclMonth: price(5, 'web ACL-month', 'https://aws.amazon.com/waf/pricing/'),
  wafRuleMonth: price(1, 'rule-month', 'https://aws.amazon.com/waf/pricing/'),
  wafRequest: price(0.6 / 1e6, 'request inspected', 'https://aws.amazon.com/waf/pricing/'),
  /** Customer-managed keys only; the AWS-managed keys this stack's tables and queues use have no monthly fee. */
  kmsKeyMonth: price(1, 'customer-managed key-month', 'https://aws.amazon.com/kms/pricing/'),
  /** Essentials and Lite user pools: the first 10,000 monthly active users are free. */
  cognitoFreeMonthlyActiveUsers: price(
    0,
    'monthly active user up to 10,000',
    'https://aws.amazon.com/cognito/pricing/',
  ),
  /** Schedules on EventBridge's default bus (rules with a rate) are not charged. */
  scheduledRuleRun: price(0, 'scheduled rule run', 'https://aws.amazon.com/eventbridge/pricing/'),
} as const satisfies Record<string, Price>;

/**
 * The providers' own price of one image as this app asks for it, by the model ids the settings
 * name (`OPENAI_IMAGE_MODEL`, `GEMINI_IMAGE_MODEL`). Not AWS's: shown beside the AWS figures.
 */
export const providerImagePrices: Record<string, Price> = {
  /**
   * Asked for 1280x720 at high quality: 3,787 image output tokens at $30 per million (gpt-image-2's
   * token count for a size and quality, as OpenAI's calculator gives it), plus a prompt of a few
   * hundred text tokens at $5 per million.
   */
  'gpt-image-2': price(
    0.115,
    'image, 1280x720, high quality',
    'https://developers.openai.com/api/docs/pricing (image output $30/M tokens, text input $5/M) and https://developers.openai.com/api/docs/guides/image-generation (tokens per size and quality)',
  ),
  /** A 16:9 image at the default 1K resolution. */
  'gemini-3.1-flash-image': price(
    0.067,
    'image, 1K',
    'https://ai.google.dev/gemini-api/docs/pricing (as carried in github.com/HeyPuter/puter pull 2562)',
  ),
};
