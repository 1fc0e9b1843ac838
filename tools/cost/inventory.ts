import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ThumbnailStudioStack } from '../../infra/src/stack';
import type { Inventory, LambdaSize } from './model';

// biome-ignore lint/suspicious/noExplicitAny: a synthesized template is untyped JSON.
type Resource = { Type: string; Properties: Record<string, any> };

const sizeOf = (fn: LambdaFunction): LambdaSize => {
  const cfn = fn.node.defaultChild as CfnFunction;
  return {
    memoryMb: Number(cfn.memorySize ?? 128),
    architecture: fn.architecture.name === 'arm64' ? 'arm64' : 'x86_64',
  };
};

/** How many values a cron field takes: `*` all of `range`, a list its entries. */
const cronValues = (field: string, range: number) => (field === '*' ? range : field.split(',').length);

/**
 * Runs a month (30 days) of a schedule's expression: `rate(...)`, or a `cron(...)` that runs at
 * fixed minutes of some or every hour of every day.
 */
export function runsPerMonth(expression: string): number {
  const cron = /^cron\((\S+) (\S+) [*?] \* [*?] \*\)$/.exec(expression);
  if (cron && /^[\d,]+$/.test(cron[1] ?? '') && /^(\*|[\d,]+)$/.test(cron[2] ?? '')) {
    return 30 * cronValues(cron[2] ?? '', 24) * cronValues(cron[1] ?? '', 60);
  }
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!match) throw new Error(`cannot count the runs of the schedule ${expression}`);
  const minutes = { minute: 1, hour: 60, day: 1440 }[
    match[2]?.replace(/s$/, '') as 'minute' | 'hour' | 'day'
  ];
  return (30 * 1440) / (Number(match[1]) * minutes);
}

/** What the stack deploys that costs money, as `npm run cost` prices it. */
export function stackInventory(stack: ThumbnailStudioStack, template: Template): Inventory {
  const all = Object.values(template.toJSON().Resources as Record<string, Resource>);
  const ofType = (type: string) => all.filter((resource) => resource.Type === type);
  const apiSizes = Object.values(stack.api.functions).map(sizeOf);
  const functionsById = new Map(
    Object.entries(stack.generation.functions).map(([name, fn]) => [
      Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnElement),
      { name, fn },
    ]),
  );
  const scheduled = ofType('AWS::Events::Rule')
    .filter((rule) => rule.Properties.ScheduleExpression)
    .flatMap((rule) =>
      (rule.Properties.Targets as { Arn: { 'Fn::GetAtt': [string, string] }; Input?: string }[]).map(
        (target) => {
          const found = functionsById.get(target.Arn['Fn::GetAtt']?.[0] ?? '');
          if (!found) throw new Error('a schedule targets something other than a background function');
          const mode = target.Input ? (JSON.parse(target.Input) as { mode?: string }).mode : undefined;
          return {
            name: found.name,
            runsPerMonth: runsPerMonth(rule.Properties.ScheduleExpression),
            size: sizeOf(found.fn),
            ...(mode ? { mode } : {}),
          };
        },
      ),
    );
  return {
    worker: sizeOf(stack.generation.worker),
    api: apiSizes.reduce((a, b) => (b.memoryMb > a.memoryMb ? b : a)),
    alarms: ofType('AWS::CloudWatch::Alarm').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    webAcls: ofType('AWS::WAFv2::WebACL').length,
    wafRules: ofType('AWS::WAFv2::WebACL').reduce((n, acl) => n + (acl.Properties.Rules?.length ?? 0), 0),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    customMetrics: ofType('AWS::Logs::MetricFilter').flatMap((filter) =>
      (filter.Properties.MetricTransformations as { MetricName: string }[]).map((t) => t.MetricName),
    ),
    customerManagedKeys: ofType('AWS::KMS::Key').length,
    scheduled,
    sqsEventSources: ofType('AWS::Lambda::EventSourceMapping').filter((mapping) =>
      JSON.stringify(mapping.Properties.EventSourceArn ?? '').includes('Queue'),
    ).length,
  };
}
