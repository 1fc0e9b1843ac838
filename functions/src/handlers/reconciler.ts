import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { LEDGER_FINDINGS_LOG_FIELD } from '../core/ledger-reconciliation';
import { logger } from '../lib/logger';
import { parseSettings } from '../lib/settings';
import { defaultGraceMs, reconcileLedger } from '../services/reconcile-ledger';

/** Findings quoted in the log line; the count is always complete. */
const QUOTED_FINDINGS = 50;

/**
 * How long a reserve may stay unsettled, from `RECONCILE_GRACE_MS` (set by the
 * deployment), or the sweeper's own deadline plus a few sweeps.
 */
export function reconcileGraceMs(env: Record<string, unknown> = process.env): number {
  const { RECONCILE_GRACE_MS } = parseSettings(
    z.object({ RECONCILE_GRACE_MS: z.optional(z.coerce.number().check(z.int(), z.positive())) }),
    env,
  );
  return RECONCILE_GRACE_MS ?? defaultGraceMs();
}

/** What a schedule passes: `recent` (the hourly check) or `full` (the daily one, and the default). */
const eventSchema = z.object({ mode: z.optional(z.enum(['full', 'recent'])) });

/**
 * Runs on two schedules: every hour over the users with new entries, every day over the whole
 * credit ledger. Every run logs the number of findings in one field, which a metric filter turns
 * into the metric the alarm watches; the findings themselves are quoted for whoever looks.
 */
export async function handler(event?: unknown, context?: Context) {
  if (context) logger.addContext(context);
  const mode = eventSchema.parse(event ?? {}).mode ?? 'full';
  const report = await reconcileLedger({ graceMs: reconcileGraceMs(), mode });
  const summary = {
    mode,
    [LEDGER_FINDINGS_LOG_FIELD]: report.findings.length,
    users_checked: report.usersChecked,
    entries_checked: report.entriesChecked,
    unsettled_within_grace: report.unsettledWithinGrace,
  };
  if (report.findings.length > 0) {
    logger.error('the credit ledger does not reconcile', {
      ...summary,
      findings: report.findings.slice(0, QUOTED_FINDINGS),
    });
  } else {
    logger.info('the credit ledger reconciles', summary);
  }
  return summary;
}
