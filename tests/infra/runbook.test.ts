import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../functions/src/handlers/payments';
import { type SecretGroup, secretGroups } from '../../functions/src/lib/settings';
import { secretKeysOf } from '../../infra/src/constructs/secrets';
import { repoPath } from '../../infra/src/paths';
import { synth } from './synth';

const runbook = readFileSync(repoPath('docs', 'deploy.md'), 'utf8');

/** The runbook's section whose heading matches `heading` (from its `## ` line to the next). */
function section(heading: RegExp): string {
  const found = runbook.split(/^## /m).find((part) => heading.test(part.split('\n', 1)[0] ?? ''));
  if (!found) throw new Error(`docs/deploy.md has no section matching ${heading}`);
  return found;
}

/** The names in backticks in the first column of the outputs table. */
function outputsTableNames(): string[] {
  const rows = section(/the outputs/i)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1); // the header row
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
  );
}

describe('the deploy runbook (docs/deploy.md) matches the stack', () => {
  // A custom domain and the dashboard, so the outputs that only exist with them are in the template too.
  const { template } = synth({
    alarmEmail: 'ops@example.com',
    dashboard: true,
    customDomain: {
      domainName: 'studio.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    },
  });

  it("names every output of the stack in its outputs table, and nothing the stack doesn't output", () => {
    // Prepare
    const outputs = Object.keys(template.toJSON().Outputs as Record<string, unknown>);
    // Act
    const documented = outputsTableNames();
    // Assess
    expect(outputs).toEqual(expect.arrayContaining(['DistributionDomainName', 'DashboardUrl']));
    expect([...documented].sort()).toEqual([...outputs].sort());
  });

  it('names every secret key the functions read in the step that sets the secrets', () => {
    // Prepare
    const keys = (Object.keys(secretGroups) as SecretGroup[]).flatMap(secretKeysOf);
    // Act
    const step = section(/set the secrets/i);
    // Assess
    expect(keys).toEqual(
      expect.arrayContaining([
        'OPENAI_API_KEY',
        'GEMINI_API_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]),
    );
    expect(keys.filter((key) => !step.includes(key))).toEqual([]);
  });

  it('registers the Stripe webhook for exactly the events the webhook acts on', () => {
    // Act
    const step = section(/register the stripe webhook/i);
    const named = [...step.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]);
    // Assess
    expect(WEBHOOK_EVENTS).toContain('charge.dispute.closed');
    expect(named.sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
