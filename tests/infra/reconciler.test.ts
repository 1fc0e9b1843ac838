import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LEDGER_FINDINGS_LOG_FIELD } from '../../functions/src/core/ledger-reconciliation';
import { type CfnJson, logicalId, policyStatementsOf, type Resource, resourcesOf, synth } from './synth';

const { stack, template } = synth();
const reconciler = stack.generation.reconciler;
const lambda = (construct: Parameters<typeof logicalId>[0]) =>
  resourcesOf(template, 'AWS::Lambda::Function')[logicalId(construct)] as Resource;
const creditsTableId = logicalId(stack.data.tables.credits);

describe('the ledger check', () => {
  it('runs every hour, on the reconciler', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [logicalId(reconciler), 'Arn'] },
          Id: 'Target0',
          RetryPolicy: { MaximumRetryAttempts: 0 },
        },
      ],
    });
  });

  it('reads the credits table and cannot write to any table', () => {
    expect(lambda(reconciler).Properties.Environment.Variables.CREDITS_TABLE).toEqual({
      Ref: creditsTableId,
    });
    const actions = policyStatementsOf(template, reconciler)
      .flatMap((s: CfnJson) => [s.Action].flat() as string[])
      .filter((action) => action.startsWith('dynamodb:'));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Scan', 'dynamodb:Query', 'dynamodb:GetItem']));
    const writes = /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite|\*)/;
    expect(actions.filter((action) => writes.test(action))).toEqual([]);
  });

  it('calls a reserve lost only after the sweeper has had its chance to refund it', () => {
    const graceMs = Number(lambda(reconciler).Properties.Environment.Variables.RECONCILE_GRACE_MS);
    const sweeperStuckAfterMs = Number(
      lambda(stack.generation.sweeper).Properties.Environment.Variables.JOB_STUCK_AFTER_MS,
    );
    const sweepMs = 5 * 60_000;
    expect(graceMs).toBeGreaterThanOrEqual(sweeperStuckAfterMs + sweepMs);
  });

  it('turns the findings count of each run into a metric', () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: lambda(reconciler).Properties.LoggingConfig.LogGroup.Ref },
      FilterPattern: `{ $.${LEDGER_FINDINGS_LOG_FIELD} >= 0 }`,
      MetricTransformations: [
        Match.objectLike({
          MetricName: 'LedgerFindings',
          MetricValue: `$.${LEDGER_FINDINGS_LOG_FIELD}`,
        }),
      ],
    });
  });

  it('raises an alarm on any finding, and when the check fails', () => {
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const findings = alarms.find((a) => a.MetricName === 'LedgerFindings');
    expect(findings).toMatchObject({
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const failed = alarms.find(
      (a) =>
        a.MetricName === 'Errors' &&
        JSON.stringify(a.Dimensions) ===
          JSON.stringify([{ Name: 'FunctionName', Value: { Ref: logicalId(reconciler) } }]),
    );
    expect(failed).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });
});
