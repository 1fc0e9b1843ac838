import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_REFUSED } from '../../functions/src/core/webhook-signature';
import { WORKER_TIMEOUT } from '../../infra/src/constructs/generation';
import {
  API_4XX_MIN_REQUESTS,
  API_4XX_PERCENT,
  API_5XX_THRESHOLD,
  DEAD_LETTER_MAX_AGE,
  JOB_WAIT_MAX_AGE,
} from '../../infra/src/constructs/monitoring';
import { type CfnJson, logicalId, resourcesOf, synth } from './synth';

const { stack, template } = synth();
const { worker, sweeper, jobsQueue, deadLetterQueue } = stack.generation;
const topicId = logicalId(stack.monitoring.alarmTopic);
const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
const dimensionsOf = (construct: Parameters<typeof logicalId>[0], name: string) =>
  JSON.stringify([{ Name: name, Value: { Ref: logicalId(construct) } }]);
const findAlarm = (metricName: string, name: string, construct: Parameters<typeof logicalId>[0]) =>
  alarms.find(
    (a) => a.MetricName === metricName && JSON.stringify(a.Dimensions) === dimensionsOf(construct, name),
  );

describe('the alarm topic', () => {
  it('exists, refuses publishers without TLS and has no subscriber unless an e-mail is set', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('mails the alarm e-mail when one is set', () => {
    const withEmail = synth({ alarmEmail: 'ops@example.com' }).template;
    withEmail.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: Match.stringLikeRegexp('^MonitoringAlarmTopic') },
    });
  });

  it('treats a blank e-mail as none and refuses one that is not an address', () => {
    synth({ alarmEmail: '  ' }).template.resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => synth({ alarmEmail: 'ops' })).toThrow(/not an e-mail address/);
  });

  it('gets every alarm of the stack, and its recovery', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(11);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions, alarm.AlarmDescription).toEqual([{ Ref: topicId }]);
    }
  });
});

describe('the alarms', () => {
  it('fire on any worker error or throttle', () => {
    for (const metric of ['Errors', 'Throttles']) {
      expect(findAlarm(metric, 'FunctionName', worker), metric).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('fire on API server errors', () => {
    expect(findAlarm('5xx', 'ApiId', stack.api.httpApi)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Period: 300,
      Threshold: API_5XX_THRESHOLD,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('fire on a dead-lettered job at once, and again when it has waited a day', () => {
    const queueDimensions = JSON.stringify([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(deadLetterQueue), 'QueueName'] } },
    ]);
    const onQueue = (metricName: string) =>
      alarms.find(
        (a: CfnJson) => a.MetricName === metricName && JSON.stringify(a.Dimensions) === queueDimensions,
      );
    expect(onQueue('ApproximateNumberOfMessagesVisible')).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(onQueue('ApproximateAgeOfOldestMessage')).toMatchObject({
      Statistic: 'Maximum',
      Threshold: DEAD_LETTER_MAX_AGE.toSeconds(),
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('fire when a job has waited in the queue past a worker run and a retry', () => {
    const queueDimensions = JSON.stringify([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(jobsQueue), 'QueueName'] } },
    ]);
    const alarm = alarms.find(
      (a: CfnJson) =>
        a.MetricName === 'ApproximateAgeOfOldestMessage' && JSON.stringify(a.Dimensions) === queueDimensions,
    );
    expect(alarm).toMatchObject({
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Threshold: JOB_WAIT_MAX_AGE.toSeconds(),
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(JOB_WAIT_MAX_AGE.toSeconds()).toBeGreaterThan(WORKER_TIMEOUT.toSeconds());
    expect(JOB_WAIT_MAX_AGE.toSeconds()).toBeLessThanOrEqual(30 * 60);
  });

  it('fire on a spike of client errors: a share of the answers, once there are enough of them', () => {
    const alarm: CfnJson = alarms.find((a: CfnJson) =>
      a.Metrics?.some((m: CfnJson) => m.MetricStat?.Metric.MetricName === '4xx'),
    );
    expect(alarm).toMatchObject({
      Threshold: API_4XX_PERCENT,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const [expression] = alarm.Metrics.filter((m: CfnJson) => m.Expression);
    expect(expression.Expression).toBe(
      `IF(requests >= ${API_4XX_MIN_REQUESTS}, 100 * clientErrors / requests, 0)`,
    );
    const stats = Object.fromEntries(
      alarm.Metrics.filter((m: CfnJson) => m.MetricStat).map((m: CfnJson) => [m.Id, m.MetricStat]),
    );
    expect(stats).toMatchObject({
      clientErrors: { Metric: { Namespace: 'AWS/ApiGateway', MetricName: '4xx' }, Stat: 'Sum', Period: 300 },
      requests: { Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count' }, Stat: 'Sum', Period: 300 },
    });
  });

  it('fire on a webhook call refused for its signature, counted from the payments log', () => {
    const [filter] = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter')).filter((f) =>
      String(f.Properties.FilterPattern).includes(WEBHOOK_SIGNATURE_REFUSED),
    );
    expect(filter?.Properties).toMatchObject({
      LogGroupName: { Ref: logicalId(stack.api.functions.payments.logGroup) },
      FilterPattern: `{ $.message = "${WEBHOOK_SIGNATURE_REFUSED}" }`,
    });
    const [transformation] = filter?.Properties.MetricTransformations ?? [];
    expect(transformation.MetricValue).toBe('1');
    expect(
      alarms.find(
        (a) => a.MetricName === transformation.MetricName && a.Namespace === transformation.MetricNamespace,
      ),
    ).toMatchObject({ Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('fire on any sweeper error', () => {
    expect(findAlarm('Errors', 'FunctionName', sweeper)).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('stay quiet when there is no traffic', () => {
    for (const alarm of alarms) expect(alarm.TreatMissingData, alarm.AlarmDescription).toBe('notBreaching');
  });

  it('tell the operator where to look', () => {
    for (const alarm of alarms) expect(alarm.AlarmDescription?.length ?? 0).toBeGreaterThan(30);
  });
});

describe('the dashboard', () => {
  const withDashboard = synth({ dashboard: true });

  it('is deployed only when the dashboard setting asks for it, with its URL as an output', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    expect(Object.keys(template.toJSON().Outputs)).not.toContain('DashboardUrl');
    expect(stack.monitoring.dashboard).toBeUndefined();
    withDashboard.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    expect(Object.keys(withDashboard.template.toJSON().Outputs)).toContain('DashboardUrl');
  });

  it('leaves the alarms as they are', () => {
    expect(withDashboard.template.findResources('AWS::CloudWatch::Alarm')).toEqual(
      template.findResources('AWS::CloudWatch::Alarm'),
    );
  });

  it('shows every alarm and the dead-letter queue', () => {
    const template = withDashboard.template;
    const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard?.Properties.DashboardName).toEqual({
      'Fn::Join': ['', ['Test-', { Ref: 'AWS::Region' }]],
    });
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const alarm of stack.monitoring.alarms) expect(body).toContain(logicalId(alarm));
    expect(body).toContain('Dead-lettered jobs');
    expect(body).toContain(logicalId(deadLetterQueue));
    for (const title of ['were 4xx', 'refused for their signature', 'sweeper runs and errors']) {
      expect(body).toContain(title);
    }
    expect(body).toContain(logicalId(sweeper));
  });

  it('is named, with the dead-letter command, in the stack outputs', () => {
    const outputs = withDashboard.template.toJSON().Outputs as Record<string, { Value: CfnJson }>;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining([
        'AlarmTopicArn',
        'DashboardUrl',
        'JobsDeadLetterQueueUrl',
        'DeadLettersCommand',
      ]),
    );
    const command = JSON.stringify(outputs.DeadLettersCommand?.Value);
    for (const table of [stack.data.tables.messages, stack.data.tables.credits]) {
      expect(command).toContain(logicalId(table));
    }
    expect(command).toContain(logicalId(deadLetterQueue));
  });
});
