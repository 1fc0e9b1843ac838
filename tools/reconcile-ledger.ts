/**
 * `npm run reconcile`: checks the credit ledger, the same check the reconciler runs in AWS: the whole
 * ledger by default, as its daily run does, or with `--recent` only the users its hourly run reads.
 * Every reserve must end in exactly one commit or refund (once past the grace period, as a job may
 * still be running), no settlement may stand without its reserve, and every balance must equal the
 * sum of its entries. Prints each finding and exits 1 when there are any.
 *
 *   npm run reconcile                                  the running local cloud (DATA_DIR or .local)
 *   npm run reconcile -- --data-dir /tmp/cloud         another local cloud's data folder
 *   npm run reconcile -- --table <credits table name>  AWS, with the default credentials and region
 *   npm run reconcile -- --grace-minutes 0             flag every unsettled reserve, however young
 *   npm run reconcile -- --recent                      only the users with entries in the last hours
 */
import { fail, readTargetArgs, targetTable } from './target-table';

const USAGE =
  'usage: npm run reconcile -- [--data-dir <dir> | --table <name>] [--grace-minutes <minutes>] [--recent]';

function readOptions() {
  const values = readTargetArgs(USAGE, {
    'grace-minutes': { type: 'string' },
    recent: { type: 'boolean' },
  });
  const grace = values['grace-minutes'];
  const graceMinutes = grace === undefined ? undefined : Number(grace);
  if (graceMinutes !== undefined && !(Number.isFinite(graceMinutes) && graceMinutes >= 0)) {
    fail(`--grace-minutes must be a number of minutes, 0 or more (got "${grace}")\n${USAGE}`);
  }
  const mode = values.recent ? ('recent' as const) : ('full' as const);
  return { dataDir: values['data-dir'], table: values.table, graceMinutes, mode };
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const options = readOptions();
  const where = await targetTable(options, 'CREDITS_TABLE', 'ledger');
  // Loaded only now: the backend reads its table name and endpoint from the environment set above.
  const { defaultGraceMs, reconcileLedger } = await import('../functions/src/services/reconcile-ledger');
  const { describeFinding } = await import('../functions/src/core/ledger-reconciliation');
  const graceMs = options.graceMinutes === undefined ? defaultGraceMs() : options.graceMinutes * 60_000;

  const report = await reconcileLedger({ graceMs, mode: options.mode });
  const whose = options.mode === 'recent' ? 'users with entries in the last hours' : 'users';
  console.log(
    `Checked ${where}: ${report.usersChecked} ${whose}, ${report.entriesChecked} entries, grace ${graceMs / 60_000} min.`,
  );
  if (report.unsettledWithinGrace > 0) {
    console.log(
      `${report.unsettledWithinGrace} reserve(s) inside the grace period: jobs that may still settle.`,
    );
  }
  if (report.findings.length === 0) {
    console.log('The ledger reconciles: every reserve settled once, every balance equals its entries.');
    return;
  }
  console.error(`${report.findings.length} finding(s):`);
  for (const finding of report.findings) console.error(`  ${describeFinding(finding)}`);
  process.exitCode = 1;
}

await main();
