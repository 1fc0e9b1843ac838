import { Aws, CfnOutput, Duration, Token } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  type Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Api } from './api';
import type { Data } from './data';
import type { Generation } from './generation';

/** One period for every alarm and graph: short enough to page within minutes, long enough to be cheap. */
const PERIOD = Duration.minutes(5);
/** Server errors per period that page: a lone 5xx is a blip, five are a pattern. */
export const API_5XX_THRESHOLD = 5;
/** A dead-lettered job left this long has been forgotten; SQS deletes it after 14 days. */
export const DEAD_LETTER_MAX_AGE = Duration.days(1);

export interface MonitoringProps {
  /** Deployment stage, part of the dashboard's name. */
  readonly stage: string;
  /**
   * Who gets the alarms by e-mail. AWS sends a confirmation link first; nothing arrives until it is clicked.
   * @default no subscription: alarms still go to the topic, for subscribing by hand
   */
  readonly alarmEmail?: string;
  readonly api: Api;
  readonly generation: Generation;
  readonly data: Data;
}

/**
 * Watches the deployment: one SNS topic gets every alarm (and its recovery), a dashboard shows
 * the API, the worker, the queues and the ledger check, and the outputs name the dead-letter
 * queue and the `npm run dead-letters` command that handles it.
 */
export class Monitoring extends Construct {
  readonly alarmTopic: Topic;
  readonly dashboard: Dashboard;
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
    const alarmOn = (metric: Metric, alarmId: string, threshold: number, description: string) =>
      metric.createAlarm(this, alarmId, {
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
        api.httpApi.metricServerError({ period: PERIOD }),
        'Api5xxAlarm',
        API_5XX_THRESHOLD,
        "The API answered with server errors (5xx); its access log and the API functions' logs say why.",
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

    this.dashboard = this.buildDashboard(props);
    this.addOutputs(props);
  }

  private buildDashboard({ stage, api, generation }: MonitoringProps): Dashboard {
    const { worker, jobsQueue, deadLetterQueue: dlq } = generation;
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
      new GraphWidget({ title, left, right, width: 8, height: 6 });
    const apiFunctions = Object.values(api.functions);
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `ThumbnailStudio-${stage}`,
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
    output(
      'DashboardUrl',
      `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.dashboard.dashboardName}`,
      'The CloudWatch dashboard',
    );
    output('JobsDeadLetterQueueUrl', generation.deadLetterQueue.queueUrl, 'Jobs that failed every delivery');
    output(
      'DeadLettersCommand',
      `npm run dead-letters -- --queue ${generation.deadLetterQueue.queueUrl}` +
        ` --messages-table ${data.tables.messages.tableName} --credits-table ${data.tables.credits.tableName}`,
      'Add --list, --redrive or --refund (infra/README.md)',
    );
  }
}
