import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, type Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterPattern, MetricFilter, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  DEFAULT_PROVIDER_CALLS_AT_ONCE,
  DEFAULT_WORKER_CONCURRENCY,
  JOB_MAX_DELIVERIES,
} from '../../../functions/src/core/jobs';
import { LEDGER_FINDINGS_LOG_FIELD } from '../../../functions/src/core/ledger-reconciliation';
import { tables } from '../../../functions/src/data/tables';
import { backgroundFunctions } from '../../../functions/src/routes';
import type { ReconciliationMode } from '../../../functions/src/services/reconcile-ledger';
import { AppFunction } from './app-function';
import { type BackendResources, grantAccess } from './backend-resources';

/** A high-quality image takes 20–90 s; every provider attempt plus storing the result must fit. */
export const WORKER_TIMEOUT = Duration.minutes(10);
/**
 * One deadline per job, classification and generation together: when it passes, the worker
 * refunds the job itself. A minute under WORKER_TIMEOUT leaves time for the refund and for
 * deleting the images of a late answer (the worker also keeps 30 s of the Lambda's own time).
 */
export const JOB_DEADLINE = Duration.seconds(WORKER_TIMEOUT.toSeconds() - 60);
/** The classifier's one attempt: a request it can't classify in time is a new image. */
export const CLASSIFIER_TIMEOUT = Duration.seconds(15);
/**
 * Each provider attempt's limit in the worker. The provider default of 600 s cannot fit a Lambda with its
 * 2 retries, so the classifier (15 s), three attempts of 160 s and the back-off between them (at most
 * 8 s each) come to about 511 s, inside JOB_DEADLINE with time left to load references and store the
 * image. A server that asks for long retry-afters can push a job past the deadline; the worker then
 * refunds it itself, with the provider's words for the step it was in.
 */
export const PROVIDER_ATTEMPT_TIMEOUT = Duration.seconds(160);
/**
 * Lambda's guidance for SQS sources: visibility ≥ 6 × function timeout. Every run ends inside the
 * function timeout (the job's deadline is shorter), so a redelivery never overlaps a live run.
 */
export const JOBS_VISIBILITY_TIMEOUT = Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6);
/** Deliveries of one job before it lands in the dead-letter queue (the worker's rule too). */
export const JOBS_MAX_RECEIVE_COUNT = JOB_MAX_DELIVERIES;
/**
 * When the sweeper may refund a job: only after SQS has given up on it (every delivery,
 * each waiting out the visibility timeout, plus the last run), so it never refunds a job
 * a retry could still settle.
 */
export const JOB_STUCK_AFTER = Duration.seconds(
  JOBS_MAX_RECEIVE_COUNT * JOBS_VISIBILITY_TIMEOUT.toSeconds() + WORKER_TIMEOUT.toSeconds() + 5 * 60,
);
export const SWEEP_INTERVAL = Duration.minutes(5);
/** How often the ledger check reads the users with new entries. */
export const RECONCILE_INTERVAL = Duration.hours(1);
/** How often the ledger check reads the whole credits table. */
export const FULL_RECONCILE_INTERVAL = Duration.days(1);
/**
 * How long a reserve may go unsettled before the ledger check calls it lost: until the sweeper
 * may refund it, plus two sweeps. Derived from the constants above, so it follows them.
 */
export const RECONCILE_GRACE = Duration.seconds(JOB_STUCK_AFTER.toSeconds() + 2 * SWEEP_INTERVAL.toSeconds());

export interface GenerationProps {
  /** Folder holding one `<name>.ts` entry per background function. */
  readonly handlersDir: string;
  /** Everything but the jobs queue, which this construct owns. */
  readonly resources: Omit<BackendResources, 'jobsQueue'>;
  /**
   * Concurrent workers, to stay under the image providers' rate limits.
   * @default DEFAULT_WORKER_CONCURRENCY (5)
   */
  readonly maxConcurrency?: number;
  /**
   * Image provider calls at once across every worker; each job calls its variations at most its
   * share of this at a time (at least one).
   * @default DEFAULT_PROVIDER_CALLS_AT_ONCE (10)
   */
  readonly providerCallsAtOnce?: number;
  /** How long the functions' logs are kept. @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
}

/**
 * Asynchronous generation (an image takes 20–90 s; the HTTP API gives up at 30 s): the messages function enqueues a job, the
 * worker generates and settles the credit, a dead-letter queue keeps jobs that failed every
 * delivery, and the sweeper refunds jobs that never settled.
 */
export class Generation extends Construct {
  readonly jobsQueue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
  readonly sweeper: AppFunction;
  readonly reconciler: AppFunction;
  /** The alarms this construct raises (dead-lettered jobs, the ledger check); monitoring routes them. */
  readonly alarms: Alarm[] = [];
  /** The ledger check's findings per run, for the dashboard. */
  readonly ledgerFindings: Metric;
  /** Every entry of `backgroundFunctions`; a new entry fails to compile until it is deployed here. */
  readonly functions: Record<keyof typeof backgroundFunctions, AppFunction>;

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'JobsDlq', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the jobs queue.',
    });
    this.jobsQueue = new Queue(this, 'JobsQueue', {
      visibilityTimeout: JOBS_VISIBILITY_TIMEOUT,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: JOBS_MAX_RECEIVE_COUNT },
    });
    this.alarms.push(
      this.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) })
        .createAlarm(this, 'DeadJobsAlarm', {
          alarmDescription:
            'Generation jobs failed every delivery; the sweeper refunds their credits. List, re-drive or refund them with npm run dead-letters.',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );

    const resources: BackendResources = { ...props.resources, jobsQueue: this.jobsQueue };
    const maxConcurrency = props.maxConcurrency ?? DEFAULT_WORKER_CONCURRENCY;

    this.worker = new AppFunction(this, 'Worker', {
      entry: join(props.handlersDir, 'worker.ts'),
      description: 'Generates or edits the thumbnail of one queued job',
      timeout: WORKER_TIMEOUT,
      memorySize: 1536,
      logRetention: props.logRetention,
      environment: {
        PROVIDER_TIMEOUT_MS: String(PROVIDER_ATTEMPT_TIMEOUT.toMilliseconds()),
        JOB_DEADLINE_MS: String(JOB_DEADLINE.toMilliseconds()),
        CLASSIFIER_TIMEOUT_MS: String(CLASSIFIER_TIMEOUT.toMilliseconds()),
        PROVIDER_CALLS_AT_ONCE: String(props.providerCallsAtOnce ?? DEFAULT_PROVIDER_CALLS_AT_ONCE),
        WORKER_CONCURRENCY: String(maxConcurrency),
        // A job the provider rate-limited waits in the queue only while a run still fits before this.
        JOB_STUCK_AFTER_MS: String(JOB_STUCK_AFTER.toMilliseconds()),
      },
    });
    grantAccess(this.worker, backgroundFunctions.worker, resources);
    this.worker.addEventSource(
      new SqsEventSource(this.jobsQueue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency,
      }),
    );

    this.sweeper = new AppFunction(this, 'Sweeper', {
      entry: join(props.handlersDir, 'sweeper.ts'),
      description: 'Refunds generation jobs that never settled',
      timeout: Duration.minutes(1),
      logRetention: props.logRetention,
      environment: { JOB_STUCK_AFTER_MS: String(JOB_STUCK_AFTER.toMilliseconds()) },
    });
    grantAccess(this.sweeper, backgroundFunctions.sweeper, resources);
    new Rule(this, 'SweepSchedule', {
      description: 'Runs the stuck-job sweeper',
      schedule: Schedule.rate(SWEEP_INTERVAL),
      targets: [new LambdaFunction(this.sweeper, { retryAttempts: 0 })],
    });
    const ledgerCheck = this.deployLedgerCheck(props);
    this.reconciler = ledgerCheck.reconciler;
    this.ledgerFindings = ledgerCheck.findings;
    this.functions = { worker: this.worker, sweeper: this.sweeper, reconciler: this.reconciler };
  }

  /**
   * The scheduled ledger check: every reserve settled exactly once, every balance equal to its
   * ledger. Every hour it reads the users with new entries, every day the whole table (given
   * Lambda's longest timeout, for a table of a few GB). It only reads, so it gets read access alone
   * (not the read-write `grantAccess` gives).
   * Each run logs its count of findings; a metric filter makes that a metric, and an alarm fires
   * on any finding, or when the check itself fails.
   */
  private deployLedgerCheck(props: GenerationProps): { reconciler: AppFunction; findings: Metric } {
    const reconciler = new AppFunction(this, 'Reconciler', {
      entry: join(props.handlersDir, 'reconciler.ts'),
      description:
        'Checks that every credit reserve settled exactly once and every balance equals its ledger',
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      environment: { RECONCILE_GRACE_MS: String(RECONCILE_GRACE.toMilliseconds()) },
    });
    for (const name of backgroundFunctions.reconciler.tables) {
      reconciler.bindTable(props.resources.data.tables[name], tables[name].envVar, { scan: true });
    }
    const run = (mode: ReconciliationMode) =>
      new LambdaFunction(reconciler, { retryAttempts: 0, event: RuleTargetInput.fromObject({ mode }) });
    new Rule(this, 'ReconcileSchedule', {
      description: 'Runs the credit ledger check over the users with new entries',
      schedule: Schedule.rate(RECONCILE_INTERVAL),
      targets: [run('recent')],
    });
    new Rule(this, 'FullReconcileSchedule', {
      description: 'Runs the credit ledger check over the whole credits table',
      schedule: Schedule.rate(FULL_RECONCILE_INTERVAL),
      targets: [run('full')],
    });
    const findings = new MetricFilter(this, 'LedgerFindingsMetric', {
      logGroup: reconciler.logGroup,
      filterPattern: FilterPattern.numberValue(`$.${LEDGER_FINDINGS_LOG_FIELD}`, '>=', 0),
      // Per stack, so two stages in one account keep their own counts.
      metricNamespace: `ThumbnailStudio/${Stack.of(this).stackName}`,
      metricName: 'LedgerFindings',
      metricValue: `$.${LEDGER_FINDINGS_LOG_FIELD}`,
    });
    const findingsPerRun = findings.metric({ statistic: 'Maximum', period: RECONCILE_INTERVAL });
    const ledgerAlarm = findingsPerRun.createAlarm(this, 'LedgerAlarm', {
      alarmDescription:
        'The credit ledger does not reconcile: a reserve without its commit or refund, a job settled twice, or a balance off its ledger. The reconciler log lists them.',
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const checkFailedAlarm = reconciler
      .metricErrors({ period: RECONCILE_INTERVAL })
      .createAlarm(this, 'LedgerCheckFailedAlarm', {
        alarmDescription: 'The credit ledger check failed to run to the end, so the ledger went unchecked.',
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    this.alarms.push(ledgerAlarm, checkFailedAlarm);
    return { reconciler, findings: findingsPerRun };
  }
}
