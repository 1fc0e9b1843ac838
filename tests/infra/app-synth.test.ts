import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoPath, repoRoot } from '../../infra/src/paths';
import type { CfnJson } from './synth';

const run = promisify(execFile);

/**
 * The environment `cdk synth` gives the app on a machine that has never seen AWS: no AWS_*
 * variables (credentials, profile, region), an empty home (no ~/.aws), the assembly folder and
 * the context (cdk.json's, plus bundling skipped, as `cdk synth` of no stack does) in CDK_*.
 */
function cdkSynthEnvironment(outdir: string, context: Record<string, unknown>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('AWS_') && !name.startsWith('CDK_'),
  );
  return {
    ...Object.fromEntries(inherited),
    HOME: mkdtempSync(join(tmpdir(), 'no-aws-home-')),
    CDK_OUTDIR: outdir,
    CDK_CONTEXT_JSON: JSON.stringify({ ...context, 'aws:cdk:bundling-stacks': [] }),
  };
}

describe('the CDK app (infra/src/app.ts), run as cdk.json runs it', () => {
  it('synthesizes without AWS credentials, cdk-nag passing, into the assembly folder', async () => {
    // Prepare
    const cdkJson = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as {
      app: string;
      context: Record<string, unknown> & { stage: string };
    };
    // cdk.json runs the entry with tsx through npx; node runs it with tsx here, since npx would
    // ask the npm registry whether npm is up to date.
    const entry = /^npx tsx (\S+)$/.exec(cdkJson.app)?.[1];
    expect(entry, `cdk.json's app: ${cdkJson.app}`).toBeDefined();
    const outdir = mkdtempSync(join(tmpdir(), 'app-synth-'));
    // Act: a cdk-nag error fails the synth, so exit 0 includes cdk-nag passing. The site is the
    // repository's web/dist, or the placeholder page where it is not built (a fresh clone).
    const { stderr } = await run(process.execPath, ['--import', 'tsx', entry as string], {
      cwd: repoRoot,
      env: cdkSynthEnvironment(outdir, cdkJson.context),
      maxBuffer: 1 << 24,
      timeout: 90_000,
    }).catch((error: { code?: number; stderr?: string }) => {
      throw new Error(`the app exited with ${error.code}:\n${error.stderr}`);
    });
    // Assess
    expect(stderr).not.toMatch(/CredentialsProviderError|Could not load credentials|getaddrinfo/);
    const templateFile = join(outdir, `ThumbnailStudio-${cdkJson.context.stage}.template.json`);
    expect(existsSync(join(outdir, 'manifest.json'))).toBe(true);
    expect(existsSync(templateFile)).toBe(true);
    const template = JSON.parse(readFileSync(templateFile, 'utf8')) as CfnJson;
    expect(Object.values(template.Resources).map((resource: CfnJson) => resource.Type)).toEqual(
      expect.arrayContaining(['AWS::Lambda::Function', 'AWS::CloudFront::Distribution']),
    );
  }, 120_000);
});
