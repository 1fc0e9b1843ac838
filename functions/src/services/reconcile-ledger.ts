import { hoursToCheck } from '../core/ledger-hours';
import {
  type AccountCheck,
  type CreditAccount,
  checkCreditAccount,
  type LedgerFinding,
} from '../core/ledger-reconciliation';
import { readCreditAccount, scanCreditAccounts, usersWithEntriesIn } from '../data/ledger-scan';
import { settings } from '../lib/settings';

/** The sweeper refunds a stuck job within a few sweeps of its deadline; past that, a reserve is lost. */
const SWEEPER_MARGIN_MS = 15 * 60_000;

/** How long a reserve may stay unsettled unless told otherwise: the sweeper's deadline plus a few sweeps. */
export const defaultGraceMs = () => settings().JOB_STUCK_AFTER_MS + SWEEPER_MARGIN_MS;

/**
 * `full` reads every account in the table; `recent` only the accounts with entries in the hours
 * `hoursToCheck` names: new entries, and reserves that outgrew the grace period since the last run.
 */
export type ReconciliationMode = 'full' | 'recent';

export interface ReconciliationOptions {
  /** How long a reserve may stay unsettled: its job may still be running or waiting for the sweeper. */
  graceMs: number;
  /** @default 'full' */
  mode?: ReconciliationMode;
  now?: number;
  /** Scan page size (tests use small pages to cross page boundaries); DynamoDB's 1 MB pages by default. */
  pageSize?: number;
}

export interface ReconciliationReport {
  usersChecked: number;
  entriesChecked: number;
  /** Reserves inside the grace period, i.e. jobs that may still settle. */
  unsettledWithinGrace: number;
  findings: LedgerFinding[];
}

/**
 * Checks one user's ledger, reading it again before believing a problem: a
 * send or a settlement that lands between reading the balance and reading the
 * entries looks like a mismatch for a moment, and a second consistent read
 * shows whether it still is one.
 */
async function confirmedCheck(first: AccountCheck, userId: string, now: number, graceMs: number) {
  if (first.findings.length === 0) return first;
  return checkCreditAccount(await readCreditAccount(userId), now, graceMs);
}

/** The accounts of the users with entries in the hours the recent check reads, one at a time. */
async function* recentCreditAccounts(now: number, graceMs: number): AsyncGenerator<CreditAccount> {
  for (const userId of await usersWithEntriesIn(hoursToCheck(now, graceMs))) {
    yield await readCreditAccount(userId);
  }
}

/**
 * Checks the accounts `mode` names (every account by default): each reserve settled once, each
 * balance equal to its ledger.
 */
export async function reconcileLedger(options: ReconciliationOptions): Promise<ReconciliationReport> {
  const now = options.now ?? Date.now();
  const accounts =
    options.mode === 'recent'
      ? recentCreditAccounts(now, options.graceMs)
      : scanCreditAccounts(options.pageSize);
  const report: ReconciliationReport = {
    usersChecked: 0,
    entriesChecked: 0,
    unsettledWithinGrace: 0,
    findings: [],
  };
  for await (const account of accounts) {
    const first = checkCreditAccount(account, now, options.graceMs);
    const check = await confirmedCheck(first, account.userId, now, options.graceMs);
    report.usersChecked++;
    report.entriesChecked += account.entries.length;
    report.unsettledWithinGrace += check.unsettledWithinGrace;
    report.findings.push(...check.findings);
  }
  return report;
}

/** Checks one user's ledger (for tests and for looking into one account). */
export async function reconcileUserLedger(userId: string, options: ReconciliationOptions) {
  return checkCreditAccount(await readCreditAccount(userId), options.now ?? Date.now(), options.graceMs);
}
