import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names a resource's ARN inside IAM5 finding ids (`<LogicalId.Arn>`), so an
 * acknowledgement can name the exact wildcard it accepts. Undefined for imported resources.
 */
export function nagArnRef(resource: IConstruct): string | undefined {
  const cfn = resource.node.defaultChild as CfnElement | undefined;
  return cfn ? `<${Stack.of(resource).getLogicalId(cfn)}.Arn>` : undefined;
}
