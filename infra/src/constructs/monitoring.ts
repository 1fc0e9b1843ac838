import { Aws, CfnOutput, Duration, Stack, Token } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  type Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { WEBHOOK_SIGNATURE_REFUSED } from '../../../functions/src/core/webhook-signature';
import type { Api } from './api';
import type { Data } from './data';
import { type Generation, WORKER_TIMEOUT } from './generation';
import { accountWideName } from './names';

/** One period for every alarm and graph: short enough to page within minutes, long enough to be cheap. */
const PERIOD = Duration.minutes(5);
/** One dashboard graph, a third of the dashboard's width. */
const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
  new GraphWidget({ title, left, right, width: 8, height: 6 });
/** Server errors per period that page: a lone 5xx is a blip, five are a pattern. */
export const API_5XX_THRESHOLD = 5;
/** A dead-lettered job left this long has been forgotten; SQS deletes it after 14 days. */
export const DEAD_LETTER_MAX_AGE = Duration.days(1);
/**
 * A job still in the queue this long after its send has outlasted a worker's longest run and a
 * retry's wait: the worker is behind (more sends than `workerConcurrency` clears) or failing.
 */
export const JOB_WAIT_MAX_AGE = Duration.seconds(
  WORKER_TIMEOUT.toSeconds() + Duration.minutes(5).toSeconds(),
);
/**
 * Client errors (4xx) that page: this share of the API's answers in a period, once it had at least
 * API_4XX_MIN_REQUESTS (an expired token or two on a quiet stage is not a spike).
 */
export const API_4XX_PERCENT = 10;
export const API_4XX_MIN_REQUESTS = 100;

export interface MonitoringProps {
  /** Deployment stage, in the alarm topic's display name. */
  readonly stage: string;
  /**
   * Who gets the alarms by e-mail. AWS sends a confirmation link first; nothing arrives until it is clicked.
   * @default no subscription: alarms still go to the topic, for subscribing by hand
   */
  readonly alarmEmail?: string;
  readonly api: Api;
  readonly generation: Generation;
  readonly data: Data;
  /**
   * Deploy the CloudWatch dashboard: $3 a month beyond an account's first three. The alarms watch
   * the stage either way; the dashboard only shows them and the graphs behind them.
   * @default false
   */
  readonly dashboard?: boolean;
}

/**
 * Watches the deployment: one SNS topic gets every alarm (and its recovery), a dashboard (when
 * asked for) shows the API, the worker, the queues and the ledger check, and the outputs name the
 * dead-letter queue and the `npm run dead-letters` command that handles it.
 */
export class Monitoring extends Construct {
  readonly alarmTopic: Topic;
  /** Only with the `dashboard` prop. */
  readonly dashboard?: Dashboard;
  /** Every alarm of the stack, each routed to `alarmTopic`. */
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { api, generation } = props;
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `Thumbnail Studio (${props.stage}) alarms`,
      enforceSSL: true,
    });
    const email = props.alarmEmail?.trim();
    if (email) {
      // A typo here would only show as mail that never comes; a token (a parameter) is AWS's to check.
      if (!Token.isUnresolved(email) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        throw new Error(`alarmEmail "${email}" is not an e-mail address`);
      }
      this.alarmTopic.addSubscription(new EmailSubscription(email));
    }

    const worker = generation.worker;
    const dlq = generation.deadLetterQueue;
    const clientErrorPercent = this.clientErrorPercent(api);
    const webhookRefusals = this.webhookSignaturesRefused(api);
    const alarmOn = (metric: IMetric, alarmId: string, threshold: number, description: string) =>
      new Alarm(this, alarmId, {
        metric,
        alarmDescription: description,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const own = [
      alarmOn(
        worker.metricErrors({ period: PERIOD }),
        'WorkerErrorsAlarm',
        1,
        'The generation worker crashed or timed out; SQS retries the job and dead-letters it after the last try.',
      ),
      alarmOn(
        worker.metricThrottles({ period: PERIOD }),
        'WorkerThrottlesAlarm',
        1,
        "Lambda throttled the generation worker: the account's concurrency is used up, so jobs wait in the queue.",
      ),
      alarmOn(
        generation.jobsQueue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' }),
        'JobsWaitingAlarm',
        JOB_WAIT_MAX_AGE.toSeconds(),
        'A generation job has waited in the queue longer than a worker run and a retry take: the worker is behind or failing, and creators are waiting.',
      ),
      alarmOn(
        api.httpApi.metricServerError({ period: PERIOD }),
        'Api5xxAlarm',
        API_5XX_THRESHOLD,
        "The API answered with server errors (5xx); its access log and the API functions' logs say why.",
      ),
      alarmOn(
        clientErrorPercent,
        'Api4xxAlarm',
        API_4XX_PERCENT,
        `At least ${API_4XX_PERCENT}% of the API's answers were client errors (4xx): the stage's throttle (429), a sign-in or token problem (401, 403), or a client sending what the API refuses. The access log's status and route say which.`,
      ),
      alarmOn(
        webhookRefusals,
        'WebhookSignatureAlarm',
        1,
        "The Stripe webhook refused a call for its signature: if Stripe's deliveries fail too, STRIPE_WEBHOOK_SECRET is not the endpoint's signing secret, and purchases are granted only when buyers return to the app.",
      ),
      alarmOn(
        generation.sweeper.metricErrors({ period: PERIOD }),
        'SweeperErrorsAlarm',
        1,
        "The stuck-job sweeper failed: jobs that never settled keep their reserved credit until a run succeeds. The sweeper's log says why.",
      ),
      alarmOn(
        dlq.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' }),
        'DeadJobsWaitingAlarm',
        DEAD_LETTER_MAX_AGE.toSeconds(),
        'A dead-lettered generation job has waited a day; re-drive or refund it with npm run dead-letters before SQS deletes it (14 days).',
      ),
    ];
    this.alarms = [...generation.alarms, ...own];
    const action = new SnsAction(this.alarmTopic);
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }

    if (props.dashboard) {
      this.dashboard = this.buildDashboard(props, [
        graph('API answers that were 4xx (%)', [clientErrorPercent]),
        graph('Webhook calls refused for their signature', [webhookRefusals]),
        graph(
          'Stuck-job sweeper runs and errors',
          [generation.sweeper.metricInvocations({ period: PERIOD })],
          [generation.sweeper.metricErrors({ period: PERIOD })],
        ),
      ]);
    }
    this.addOutputs(props);
  }

  /** The share of the API's answers that were 4xx, in percent; 0 while the API had few requests. */
  private clientErrorPercent(api: Api): MathExpression {
    return new MathExpression({
      expression: `IF(requests >= ${API_4XX_MIN_REQUESTS}, 100 * clientErrors / requests, 0)`,
      usingMetrics: {
        clientErrors: api.httpApi.metricClientError({ period: PERIOD, statistic: 'Sum' }),
        requests: api.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
      },
      label: 'API answers that were 4xx (%)',
      period: PERIOD,
    });
  }

  /** Webhook calls the payments function refused for their signature, counted from its log lines. */
  private webhookSignaturesRefused(api: Api): Metric {
    return new MetricFilter(this, 'WebhookSignaturesRefusedMetric', {
      logGroup: api.functions.payments.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', WEBHOOK_SIGNATURE_REFUSED),
      // Per stack, so two stages in one account keep their own counts.
      metricNamespace: `ThumbnailStudio/${Stack.of(this).stackName}`,
      metricName: 'WebhookSignaturesRefused',
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: PERIOD });
  }

  /** The dashboard: the alarms, then rows of graphs, `lastRow` at the end. */
  private buildDashboard({ api, generation }: MonitoringProps, lastRow: GraphWidget[]): Dashboard {
    const { worker, jobsQueue, deadLetterQueue: dlq } = generation;
    const apiFunctions = Object.values(api.functions);
    const dashboard = new Dashboard(this, 'Dashboard', {
      // Dashboard names are unique in the whole account, not per region.
      dashboardName: accountWideName(this, 255),
      defaultInterval: Duration.days(1),
    });
    dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 3 }),
    );
    dashboard.addWidgets(
      graph(
        'API requests and errors',
        [api.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' })],
        [
          api.httpApi.metricClientError({ period: PERIOD }),
          api.httpApi.metricServerError({ period: PERIOD }),
        ],
      ),
      graph('API latency (p90)', [api.httpApi.metricLatency({ period: PERIOD, statistic: 'p90' })]),
      graph(
        'API function errors',
        apiFunctions.map((fn) => fn.metricErrors({ period: PERIOD })),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Worker runs',
        [worker.metricInvocations({ period: PERIOD })],
        [worker.metricErrors({ period: PERIOD }), worker.metricThrottles({ period: PERIOD })],
      ),
      graph('Worker duration (p90, max)', [
        worker.metricDuration({ period: PERIOD, statistic: 'p90' }),
        worker.metricDuration({ period: PERIOD, statistic: 'Maximum' }),
      ]),
      graph(
        'Jobs queue',
        [jobsQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD })],
        [jobsQueue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' })],
      ),
    );
    dashboard.addWidgets(
      graph(
        'Dead-lettered jobs (npm run dead-letters)',
        [dlq.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })],
        [dlq.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' })],
      ),
      graph('Ledger check findings', [generation.ledgerFindings]),
      graph('Ledger check errors', [generation.reconciler.metricErrors({ period: PERIOD })]),
    );
    dashboard.addWidgets(...lastRow);
    return dashboard;
  }

  /** Fixed output names, so the runbook can name them. */
  private addOutputs({ generation, data }: MonitoringProps) {
    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description }).overrideLogicalId(id);
    output(
      'AlarmTopicArn',
      this.alarmTopic.topicArn,
      'Every alarm goes here; subscribe more addresses to it',
    );
    if (this.dashboard) {
      output(
        'DashboardUrl',
        `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.dashboard.dashboardName}`,
        'The CloudWatch dashboard',
      );
    }
    output('JobsDeadLetterQueueUrl', generation.deadLetterQueue.queueUrl, 'Jobs that failed every delivery');
    output(
      'DeadLettersCommand',
      `npm run dead-letters -- --queue ${generation.deadLetterQueue.queueUrl}` +
        ` --messages-table ${data.tables.messages.tableName} --credits-table ${data.tables.credits.tableName}`,
      'Add --list, --redrive or --refund (infra/README.md)',
    );
  }
}
