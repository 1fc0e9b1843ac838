import { pollDelay } from '../../web/src/features/chat/utils/poll-delay';
import { prices as listPrices, type Price } from './prices';

/** What one job (or one poll) asked of AWS's services, as the bench counts it (see local/lambda/sdk-usage.ts). */
export type Usage = Record<string, number>;

/** The counts `npm run bench` records: each kind of job, and one poll while pending and once done. */
export interface RecordedCounts {
  measuredAt: string;
  commit: string;
  /** The provider's answer the jobs stored, in bytes. */
  providerImageBytes: number;
  jobs: Record<string, Usage>;
  polls: { pending: Usage; done: Usage };
}

export interface LambdaSize {
  memoryMb: number;
  architecture: 'arm64' | 'x86_64';
}

/** What the stack deploys that costs money, counted from its template (see inventory.ts). */
export interface Inventory {
  worker: LambdaSize;
  /** The API functions (the bigger one when they differ). */
  api: LambdaSize;
  alarms: number;
  secrets: number;
  webAcls: number;
  wafRules: number;
  dashboards: number;
  /** The metrics the log metric filters publish, by name. */
  customMetrics: string[];
  customerManagedKeys: number;
  /** Functions run on a schedule, with how often, and the `mode` a schedule's event names, if any. */
  scheduled: { name: string; runsPerMonth: number; size: LambdaSize; mode?: string }[];
  /** SQS event sources: Lambda keeps polling their queue, work or not. */
  sqsEventSources: number;
}

/**
 * What the counts do not say, with the reason for each figure. The provider's time is the largest
 * part of a thumbnail's cost: the worker's Lambda waits for the image, billed by the millisecond.
 */
export const assumptions = {
  /** Seconds a provider takes for one image, by model: gpt-image-2 at high quality 20-90 s (30 typical), Gemini's flash image model about 10. */
  providerSeconds: { 'gpt-image-2': 30, 'gemini-3.1-flash-image': 10 } as Record<string, number>,
  /** Billed milliseconds of one warm API function invocation (a request or two to DynamoDB). */
  apiBilledMs: 40,
  /**
   * Billed milliseconds of one ledger check, by the mode its schedule sends: `recent` reads only
   * the users with new entries, `full` scans the whole credits table. How often each runs is the
   * stack's (inventory.ts reads it).
   */
  reconcilerMs: { recent: 300, full: 2000 } as Record<string, number>,
  /** Billed milliseconds of one sweep (one Query of the pending jobs' index). */
  sweeperMs: 150,
  /** Read units of one sweep, and of each ledger check on an empty ledger (the least a Query or a Scan page costs). */
  scheduledRunReadUnits: 0.5,
  /** Bytes of ledger per thumbnail (a reserve and its commit, about 300 bytes each): what a full check scans. */
  ledgerBytesPerThumbnail: 600,
  /** Log bytes ingested: per API request (its access-log line and the function's lines), per job, per scheduled run. */
  logBytes: { apiRequest: 600, job: 4000, scheduledRun: 400 },
  /**
   * What a creator's browser downloads of each thumbnail, straight from S3 with signed URLs: the
   * chat's preview once and the 1280x720 JPEG once (within the bench's 90 kB and 600 kB budgets).
   */
  viewedBytesPerThumbnail: 350_000,
  viewerGetsPerThumbnail: 2,
  /** Requests of Lambda's SQS event source per job beyond the counted ones: the receive and the delete. */
  eventSourceRequestsPerJob: 2,
  /**
   * Lambda's SQS event source polls with 5 pollers at once, each a 20 s long poll while the queue
   * is empty: about 648,000 requests a month per event source.
   */
  idleEventSourceRequestsPerMonth: 5 * ((30 * 24 * 3600) / 20),
  /** Reads of a provider key from Secrets Manager per job, at most (a warm worker keeps it 5 minutes). */
  secretReadsPerJob: 1,
  /** A creator's month: app loads (CloudFront requests and bytes of the page and its JavaScript) and Cognito calls through the WAF. */
  creator: { appLoads: 30, requestsPerLoad: 10, bytesPerLoad: 300_000, cognitoCallsPerLoad: 2 },
} as const;

export type Prices = typeof listPrices;
export interface Line {
  name: string;
  usd: number;
  /** The part of `usd` AWS's always-free allowances cover, in an account that uses them for nothing else. */
  freeUsd?: number;
}

const GB = 1e9;
const sum = (lines: readonly Line[]) => lines.reduce((total, line) => total + line.usd, 0);
const gbSecond = (prices: Prices, size: LambdaSize): Price =>
  size.architecture === 'arm64' ? prices.lambdaArmGbSecond : prices.lambdaX86GbSecond;
/** One Lambda invocation of `ms` billed milliseconds. */
const invocation = (prices: Prices, size: LambdaSize, ms: number) =>
  prices.lambdaRequest.usd + gbSecond(prices, size).usd * (size.memoryMb / 1024) * (ms / 1000);

/** A counter of a job, the API's and the worker's calls together. */
export const total = (usage: Usage, key: string) =>
  key.startsWith('worker.') ? (usage[key] ?? 0) : (usage[`api.${key}`] ?? 0) + (usage[`worker.${key}`] ?? 0);

/** S3 requests billed at the PUT rate, at the GET rate; DELETEs are free. */
const S3_PUT_CLASS = ['PutObject', 'PutObjectTagging', 'CopyObject'];
const S3_GET_CLASS = ['GetObject', 'HeadObject'];

/** How many polls the web app makes while a job takes `seconds`, the last one seeing it done. */
export function pollsDuring(seconds: number): number {
  let elapsed = 0;
  let polls = 0;
  while (elapsed < seconds * 1000) elapsed += pollDelay(polls++);
  return polls + 1;
}

/** The AWS cost of one generation job of `kind` with `model`'s provider, line by line. */
export function jobCost(
  counts: RecordedCounts,
  kind: string,
  model: string,
  inventory: Inventory,
  prices: Prices = listPrices,
): Line[] {
  const job = counts.jobs[kind];
  if (!job) throw new Error(`the counts have no "${kind}" job`);
  const providerSeconds = assumptions.providerSeconds[model];
  if (providerSeconds === undefined) throw new Error(`no provider time is assumed for ${model}`);
  const workerMs = providerSeconds * 1000 + total(job, 'worker.cpuMs');
  const polls = pollsDuring(workerMs / 1000);
  const apiRequests = total(job, 'requests') + polls;
  const pollUnits =
    (polls - 1) * total(counts.polls.pending, 'dynamodb.readUnits') +
    total(counts.polls.done, 'dynamodb.readUnits');
  const s3Requests = (commands: string[]) =>
    commands.reduce((n, command) => n + total(job, `s3.${command}`), 0);
  const bytesStored = total(job, 's3.bytesStored');
  return [
    {
      name: `worker Lambda: ${inventory.worker.memoryMb} MB for ${(workerMs / 1000).toFixed(1)} s (the provider's ${providerSeconds} s and its own work)`,
      usd: invocation(prices, inventory.worker, workerMs),
    },
    {
      name: `API: ${apiRequests} requests (the send and ${polls} polls), their Lambdas and CloudFront`,
      usd:
        apiRequests *
        (prices.httpApiRequest.usd +
          prices.cloudfrontHttpsRequest.usd +
          invocation(prices, inventory.api, assumptions.apiBilledMs)),
    },
    {
      name: `DynamoDB: ${total(job, 'dynamodb.writeUnits')} write and ${total(job, 'dynamodb.readUnits') + pollUnits} read units`,
      usd:
        total(job, 'dynamodb.writeUnits') * prices.dynamodbWriteUnit.usd +
        (total(job, 'dynamodb.readUnits') + pollUnits) * prices.dynamodbReadUnit.usd,
    },
    {
      name: `S3 requests: ${s3Requests(S3_PUT_CLASS)} PUTs, ${s3Requests(S3_GET_CLASS) + assumptions.viewerGetsPerThumbnail} GETs (the browser's included)`,
      usd:
        s3Requests(S3_PUT_CLASS) * prices.s3PutRequest.usd +
        (s3Requests(S3_GET_CLASS) + assumptions.viewerGetsPerThumbnail) * prices.s3GetRequest.usd,
    },
    {
      name: `S3: ${(bytesStored / 1e6).toFixed(1)} MB stored, its first month`,
      usd: (bytesStored / GB) * prices.s3StorageGbMonth.usd,
    },
    {
      name: `S3 to the browser: ${assumptions.viewedBytesPerThumbnail / 1000} kB`,
      usd: (assumptions.viewedBytesPerThumbnail / GB) * prices.s3TransferOutGb.usd,
    },
    {
      name: `SQS: ${total(job, 'sqs.requests') + assumptions.eventSourceRequestsPerJob} requests`,
      usd: (total(job, 'sqs.requests') + assumptions.eventSourceRequestsPerJob) * prices.sqsRequest.usd,
    },
    {
      name: 'Secrets Manager: the provider key, read at most once',
      usd: assumptions.secretReadsPerJob * prices.secretApiCall.usd,
    },
    {
      name: 'CloudWatch Logs: the job and its requests',
      usd:
        ((assumptions.logBytes.job + apiRequests * assumptions.logBytes.apiRequest) / GB) *
        prices.logIngestionGb.usd,
    },
  ];
}

/** What a ledger check of each mode reads, for its line's name. */
const RECONCILER_SCOPE: Record<string, string> = {
  recent: 'the users with new entries',
  full: 'the whole ledger',
};

/** `count` of `noun`, with an s when it is not one. */
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One line per schedule: a function run with different modes is priced and named per mode. */
function scheduledLine(
  { name, runsPerMonth, size, mode }: Inventory['scheduled'][number],
  prices: Prices,
): Line {
  const ms = (mode ? assumptions.reconcilerMs[mode] : undefined) ?? assumptions.sweeperMs;
  const lambda = runsPerMonth * invocation(prices, size, ms);
  const reads = runsPerMonth * assumptions.scheduledRunReadUnits * prices.dynamodbReadUnit.usd;
  const logs = ((runsPerMonth * assumptions.logBytes.scheduledRun) / GB) * prices.logIngestionGb.usd;
  const what = mode ? `mode ${mode}, ${RECONCILER_SCOPE[mode] ?? 'as its event says'}, ` : '';
  return {
    name: `${name} on a schedule (${what}${runsPerMonth} runs): Lambda, DynamoDB reads, logs`,
    usd: lambda + reads + logs,
    freeUsd: lambda + reads + logs,
  };
}

/** The cost of a month with no traffic, one line per thing that costs, named for what it is. */
export function idleMonth(inventory: Inventory, prices: Prices = listPrices): Line[] {
  const metrics = inventory.customMetrics;
  return [
    {
      name: `AWS WAF: ${inventory.webAcls} web ACL in front of Cognito (the sign-up firewall)`,
      usd: inventory.webAcls * prices.webAclMonth.usd,
    },
    {
      name: `AWS WAF: ${inventory.wafRules} rule (sign-ups per address)`,
      usd: inventory.wafRules * prices.wafRuleMonth.usd,
    },
    ...(inventory.dashboards > 0
      ? [
          {
            name: `CloudWatch: ${plural(inventory.dashboards, 'dashboard')} (dashboard=true; free among an account's first three)`,
            usd: inventory.dashboards * prices.dashboardMonth.usd,
            freeUsd: Math.min(inventory.dashboards, 3) * prices.dashboardMonth.usd,
          },
        ]
      : []),
    {
      name: `Secrets Manager: ${inventory.secrets} secrets (provider keys, Stripe keys)`,
      usd: inventory.secrets * prices.secretMonth.usd,
    },
    {
      name: `CloudWatch: ${plural(inventory.alarms, 'alarm')}`,
      usd: inventory.alarms * prices.alarmMonth.usd,
      freeUsd: Math.min(inventory.alarms, 10) * prices.alarmMonth.usd,
    },
    {
      name: `CloudWatch: ${plural(metrics.length, 'metric')} from log filters (${metrics.join(', ')})`,
      usd: metrics.length * prices.customMetricMonth.usd,
      freeUsd: Math.min(metrics.length, 10) * prices.customMetricMonth.usd,
    },
    {
      name: `SQS: the worker's event source polling an empty queue (about ${Math.round(assumptions.idleEventSourceRequestsPerMonth / 1000)}k requests)`,
      usd: inventory.sqsEventSources * assumptions.idleEventSourceRequestsPerMonth * prices.sqsRequest.usd,
      freeUsd:
        Math.min(inventory.sqsEventSources * assumptions.idleEventSourceRequestsPerMonth, 1e6) *
        prices.sqsRequest.usd,
    },
    ...inventory.scheduled.map((schedule) => scheduledLine(schedule, prices)),
    {
      name: `KMS: ${inventory.customerManagedKeys} customer-managed keys`,
      usd: inventory.customerManagedKeys * prices.kmsKeyMonth.usd,
    },
  ];
}

/** What a setting would add to the idle month that this deployment leaves off: shown, not counted. */
export function optionalIdleLines(inventory: Inventory, prices: Prices = listPrices): Line[] {
  return inventory.dashboards > 0
    ? []
    : [
        {
          name: "CloudWatch dashboard, if dashboard=true (free among an account's first three)",
          usd: prices.dashboardMonth.usd,
        },
      ];
}

/** The default job: one image, with the checks the settings run by default. */
export const DEFAULT_JOB = '1 image, checks';

/** A month of `creators` making `thumbnails` each with `model`: the idle month, the jobs and the creators' own use. */
export function busyMonth(
  counts: RecordedCounts,
  inventory: Inventory,
  model: string,
  creators: number,
  thumbnails: number,
  prices: Prices = listPrices,
): Line[] {
  const jobs = creators * thumbnails;
  const perJob = sum(jobCost(counts, DEFAULT_JOB, model, inventory, prices));
  const c = assumptions.creator;
  const loads = creators * c.appLoads;
  const ledgerBytes = jobs * assumptions.ledgerBytesPerThumbnail;
  // Each full check scans the ledger as it stands, which grows through the month: half of it on average.
  const fullRuns = inventory.scheduled
    .filter((schedule) => schedule.mode === 'full')
    .reduce((runs, schedule) => runs + schedule.runsPerMonth, 0);
  const scanUnits = fullRuns * (ledgerBytes / 2 / 4096) * 0.5;
  return [
    { name: 'the idle month', usd: sum(idleMonth(inventory, prices)) },
    { name: `${jobs.toLocaleString('en-US')} thumbnails (${DEFAULT_JOB}, ${model})`, usd: jobs * perJob },
    {
      name: `the app: ${loads.toLocaleString('en-US')} loads through CloudFront, their Cognito calls through the WAF`,
      usd:
        loads * c.requestsPerLoad * prices.cloudfrontHttpsRequest.usd +
        ((loads * c.bytesPerLoad) / GB) * prices.cloudfrontTransferOutGb.usd +
        loads * c.cognitoCallsPerLoad * prices.wafRequest.usd,
    },
    {
      name: `the ${fullRuns} full ledger checks scanning ${(ledgerBytes / 1e6).toFixed(0)} MB of ledger`,
      usd: scanUnits * prices.dynamodbReadUnit.usd,
    },
    { name: `Cognito: ${creators.toLocaleString('en-US')} monthly active users (free up to 10,000)`, usd: 0 },
  ];
}

export const totalOf = sum;
