import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** `person-models` → `PersonModels`, for construct ids derived from shared names. */
export const pascalCase = (name: string): string =>
  name.replace(/(^|[-_])(\w)/g, (_match, _sep, c: string) => c.toUpperCase());

/** Room kept for the region when it is known only at deploy time; the longest today has 15 characters. */
const REGION_NAME_ROOM = 20;

/**
 * The name of a resource whose name must be unique in the whole account, not only in its region
 * (CloudFront policies and origin access controls, CloudWatch dashboards): `<stack>-<region>[-<what>]`,
 * so one stage deployed to a second region, or a second stage, never meets a name already taken.
 * Throws when a long stack name could push it past the resource's `maxLength`.
 */
export function accountWideName(scope: IConstruct, maxLength: number, what?: string): string {
  const { stackName, region } = Stack.of(scope);
  const parts = [stackName, region, ...(what ? [what] : [])];
  const regionLength = Token.isUnresolved(region) ? REGION_NAME_ROOM : region.length;
  const longest = parts.join('-').length - region.length + regionLength;
  if (longest > maxLength) {
    throw new Error(
      `Stack name "${stackName}" is too long: ${what ?? 'a name'} built from it may have at most ${maxLength} characters`,
    );
  }
  return parts.join('-');
}
