import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { synth } from './synth';

const { stack } = synth();
const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(stack);
const describeViolations = (severity: string) =>
  report.violations
    .filter((v) => v.severity === severity)
    .map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged errors', () => {
    expect(describeViolations('error')).toEqual([]);
  });

  it('reports no unacknowledged warnings', () => {
    expect(describeViolations('warning')).toEqual([]);
  });

  it('every acknowledgement gives a reason', () => {
    const acknowledgements = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [rule, reason] of acknowledgements) expect(reason.length, rule).toBeGreaterThan(30);
  });
});
