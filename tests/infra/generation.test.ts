import { describe, expect, it } from 'vitest';
import { JOBS_MAX_RECEIVE_COUNT } from '../../infra/src/constructs/generation';
import { type CfnJson, logicalId, type Resource, resourcesOf, synth } from './synth';

const { stack, template } = synth();
const resource = (type: string, construct: Parameters<typeof logicalId>[0]) =>
  resourcesOf(template, type)[logicalId(construct)] as Resource;
const queue = () => resource('AWS::SQS::Queue', stack.generation.jobsQueue);
const worker = () => resource('AWS::Lambda::Function', stack.generation.worker);

describe('generation jobs', () => {
  it('move to a dead-letter queue after 3 deliveries', () => {
    expect(queue().Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.generation.deadLetterQueue), 'Arn'] },
      maxReceiveCount: 3,
    });
    expect(JOBS_MAX_RECEIVE_COUNT).toBe(3);
  });

  it('stay invisible for at least 6 × the worker timeout, so a retry never overlaps a run', () => {
    expect(queue().Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker().Properties.Timeout);
  });

  it('give the worker enough time for a 90 s generation', () => {
    expect(worker().Properties.Timeout).toBeGreaterThanOrEqual(180);
  });

  it('end every provider attempt (first try and 2 retries) inside the worker timeout', () => {
    const attemptMs = Number(worker().Properties.Environment.Variables.PROVIDER_TIMEOUT_MS);
    expect(attemptMs).toBeGreaterThanOrEqual(90_000);
    // Back-off between attempts is at most 8 s each, plus a minute to store the image.
    expect(3 * attemptMs + 2 * 8_000 + 60_000).toBeLessThanOrEqual(worker().Properties.Timeout * 1000);
  });

  it('settle within the worker timeout: the job deadline leaves at least 30 s to refund', () => {
    const env = worker().Properties.Environment.Variables;
    const deadlineMs = Number(env.JOB_DEADLINE_MS);
    expect(deadlineMs).toBeGreaterThanOrEqual(180_000);
    expect(deadlineMs).toBeLessThanOrEqual(worker().Properties.Timeout * 1000 - 30_000);
    // The classifier's one short attempt and every provider attempt with its back-off fit the deadline.
    const classifierMs = Number(env.CLASSIFIER_TIMEOUT_MS);
    expect(classifierMs).toBeLessThanOrEqual(30_000);
    expect(classifierMs + 3 * Number(env.PROVIDER_TIMEOUT_MS) + 2 * 8_000).toBeLessThanOrEqual(deadlineMs);
  });

  it('share 10 provider calls at once among the 5 workers by default', () => {
    expect(worker().Properties.Environment.Variables).toMatchObject({
      PROVIDER_CALLS_AT_ONCE: '10',
      WORKER_CONCURRENCY: '5',
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      ScalingConfig: { MaximumConcurrency: 5 },
    });
  });

  it('reach the worker one at a time, failing record by record', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.generation.jobsQueue), 'Arn'] },
      FunctionName: { Ref: logicalId(stack.generation.worker) },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('travel encrypted and only over TLS', () => {
    for (const q of [stack.generation.jobsQueue, stack.generation.deadLetterQueue]) {
      expect(resource('AWS::SQS::Queue', q).Properties.SqsManagedSseEnabled).toBe(true);
    }
    const policies = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy'));
    const denyInsecure = (queueId: string) =>
      policies.some(
        (p) =>
          JSON.stringify(p.Properties.Queues).includes(queueId) &&
          p.Properties.PolicyDocument.Statement.some(
            (s: CfnJson) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
          ),
      );
    expect(denyInsecure(logicalId(stack.generation.jobsQueue))).toBe(true);
    expect(denyInsecure(logicalId(stack.generation.deadLetterQueue))).toBe(true);
  });

  it('raise an alarm when one lands in the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(stack.generation.deadLetterQueue), 'QueueName'] },
        },
      ],
      Threshold: 1,
    });
  });
});

describe('the stuck-job sweeper', () => {
  it('runs on a schedule', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [logicalId(stack.generation.sweeper), 'Arn'] },
          Id: 'Target0',
          RetryPolicy: { MaximumRetryAttempts: 0 },
        },
      ],
    });
  });

  it('tell the worker when the sweeper refunds a job, so a rate-limited job never waits past it', () => {
    const sweeper = resource('AWS::Lambda::Function', stack.generation.sweeper);
    expect(worker().Properties.Environment.Variables.JOB_STUCK_AFTER_MS).toBe(
      sweeper.Properties.Environment.Variables.JOB_STUCK_AFTER_MS,
    );
  });

  it('refunds a job only after SQS has stopped retrying it', () => {
    const sweeper = resource('AWS::Lambda::Function', stack.generation.sweeper);
    const stuckAfterMs = Number(sweeper.Properties.Environment.Variables.JOB_STUCK_AFTER_MS);
    const lastRetryEndsMs =
      (queue().Properties.RedrivePolicy.maxReceiveCount * queue().Properties.VisibilityTimeout +
        worker().Properties.Timeout) *
      1000;
    expect(stuckAfterMs).toBeGreaterThan(lastRetryEndsMs);
  });
});
