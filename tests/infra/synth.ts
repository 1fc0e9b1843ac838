import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { apiFunctions, backgroundFunctions, type FunctionAccess } from '../../functions/src/routes';
import type { AppFunction } from '../../infra/src/constructs/app-function';
import { repoPath } from '../../infra/src/paths';
import { ThumbnailStudioStack, type ThumbnailStudioStackProps } from '../../infra/src/stack';

/** The same feature flags as `cdk synth`, so tests see the template a deploy would. */
const cdkContext = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')).context as Record<string, unknown>;

/** A stand-in for `web/dist` (an index.html and one hashed bundle), so tests need no web build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dir;
}

type Synthesized = { app: App; stack: ThumbnailStudioStack; template: Template };

/** Stacks already synthesized in this test worker, by their overrides. */
const synthesized = new Map<string, Synthesized>();

/**
 * Synthesizes the stack the way `cdk synth` does, minus asset bundling (the context key
 * `aws:cdk:bundling-stacks: []`), so a test run needs neither esbuild runs nor the network.
 * The infra test files share one worker's modules, so the same overrides (plain data) give the
 * same synthesized stack to every file: treat it as read-only, and build an `App` of your own
 * to change one.
 */
export function synth(overrides: Partial<ThumbnailStudioStackProps> = {}): Synthesized {
  const key = JSON.stringify(overrides);
  const known = synthesized.get(key);
  if (known) return known;
  const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ThumbnailStudioStack(app, 'Test', {
    stage: 'test',
    webDistDir: fakeWebDist(),
    ...overrides,
  });
  const result = { app, stack, template: Template.fromStack(stack) };
  synthesized.set(key, result);
  return result;
}

// biome-ignore lint/suspicious/noExplicitAny: a synthesized template is untyped JSON; tests navigate it freely.
export type CfnJson = any;

export type Resource = {
  Type: string;
  Properties: Record<string, CfnJson>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

export const resourcesOf = (template: Template, type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;

/** The logical id CloudFormation knows a construct's main resource by. */
export const logicalId = (construct: IConstruct): string =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** Every function of the route table with its declared access and its deployed construct. */
export function deployedFunctions(
  stack: ThumbnailStudioStack,
): { name: string; access: FunctionAccess; fn: AppFunction }[] {
  return [
    ...Object.entries(apiFunctions).map(([name, access]) => ({
      name,
      access: access as FunctionAccess,
      fn: stack.api.functions[name as keyof typeof apiFunctions],
    })),
    ...Object.entries(backgroundFunctions).map(([name, access]) => ({
      name,
      access: access as FunctionAccess,
      fn: stack.generation.functions[name as keyof typeof backgroundFunctions],
    })),
  ];
}

/** All statements of the policies attached to a function's role. */
export function policyStatementsOf(template: Template, fn: AppFunction): Record<string, CfnJson>[] {
  const roleId = logicalId(fn.role as unknown as IConstruct);
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as unknown[]).some(
        (role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId }),
      ),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, CfnJson>[]);
}

/** Logical ids referenced (`Ref` / `Fn::GetAtt`) anywhere inside a template fragment. */
export function referencedIds(fragment: unknown): Set<string> {
  const ids = new Set<string>();
  JSON.stringify(fragment, (key, value) => {
    if (key === 'Ref' && typeof value === 'string') ids.add(value);
    if (key === 'Fn::GetAtt' && Array.isArray(value)) ids.add(String(value[0]));
    return value;
  });
  return ids;
}
