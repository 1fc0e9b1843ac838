import { GENERATION_COST } from '@thumbnail-studio/contract';
import { ledgerKeys, sumLedger } from './credits';

/**
 * Ledger reconciliation, pure: does one user's ledger still keep the credit
 * rules? A reserve of N credits is a job of N variations, and each variation
 * ends in exactly one commit or refund; no settlement
 * stands without its reserve, and the stored balance equals the sum of the
 * entries. A reserve younger than the grace period is a job still running
 * (or still to be refunded by the sweeper), not a problem.
 */

/** A ledger entry as stored: the key names its cause, `created_at` says when. */
export interface StoredLedgerEntry {
  sk: string;
  amount: number;
  created_at?: string;
}

/** One user's credit items: the stored balance (undefined without a balance item) and every entry. */
export interface CreditAccount {
  userId: string;
  balance: number | undefined;
  entries: readonly StoredLedgerEntry[];
}

export type LedgerFinding =
  | { kind: 'unsettled_reserve'; userId: string; jobId: string; reservedAt?: string }
  | { kind: 'settled_twice'; userId: string; jobId: string }
  | { kind: 'settlement_without_reserve'; userId: string; jobId: string; sk: string }
  | { kind: 'balance_mismatch'; userId: string; balance: number | undefined; ledgerSum: number };

export interface AccountCheck {
  findings: LedgerFinding[];
  /** Reserves still inside the grace period: jobs that may yet settle. */
  unsettledWithinGrace: number;
}

/** The field a reconciliation's log line counts its findings in; the AWS alarm's metric reads it. */
export const LEDGER_FINDINGS_LOG_FIELD = 'ledger_findings';

const jobPrefixes = ledgerKeys.job('');

type JobStep = { step: 'reserve' | 'commit' | 'refund'; jobId: string; variation: number };

/**
 * Which step of which job (and of which of its variations) an entry records, or undefined for
 * entries that are not a job's. A settlement's key ends in `#<index>` for every variation but the first.
 */
function jobStepOf(sk: string): JobStep | undefined {
  for (const step of ['reserve', 'commit', 'refund'] as const) {
    if (!sk.startsWith(jobPrefixes[step])) continue;
    const [jobId = '', index] = sk.slice(jobPrefixes[step].length).split('#');
    const variation = index === undefined ? 0 : Number(index);
    if (step === 'reserve' || Number.isInteger(variation)) return { step, jobId, variation };
  }
  return undefined;
}

/** How many variations a reserve paid for: its amount is their cost. */
const variationsOf = (reserve: StoredLedgerEntry) =>
  Math.max(1, Math.round(-reserve.amount / GENERATION_COST));

/** Checks one user's credit items as of `now`; reserves younger than `graceMs` may still be unsettled. */
export function checkCreditAccount(account: CreditAccount, now: number, graceMs: number): AccountCheck {
  const { userId } = account;
  type Settlement = StoredLedgerEntry & { variation: number };
  const jobs = new Map<string, { reserve?: StoredLedgerEntry; settlements: Settlement[] }>();
  for (const entry of account.entries) {
    const step = jobStepOf(entry.sk);
    if (!step) continue;
    const job = jobs.get(step.jobId) ?? { settlements: [] };
    if (step.step === 'reserve') job.reserve = entry;
    else job.settlements.push({ ...entry, variation: step.variation });
    jobs.set(step.jobId, job);
  }

  const findings: LedgerFinding[] = [];
  let unsettledWithinGrace = 0;
  for (const [jobId, { reserve, settlements }] of jobs) {
    const variations = reserve ? variationsOf(reserve) : 0;
    // A settlement of a variation the reserve did not pay for has no reserve either.
    for (const { sk } of settlements.filter((s) => s.variation >= variations))
      findings.push({ kind: 'settlement_without_reserve', userId, jobId, sk });
    if (!reserve) continue;
    const paid = settlements.filter((s) => s.variation < variations);
    const settled = new Set(paid.map((s) => s.variation));
    if (paid.length > settled.size) {
      findings.push({ kind: 'settled_twice', userId, jobId });
    } else if (settled.size < variations) {
      const reservedAt = reserve.created_at;
      const age = reservedAt ? now - Date.parse(reservedAt) : Number.POSITIVE_INFINITY;
      if (age > graceMs) findings.push({ kind: 'unsettled_reserve', userId, jobId, reservedAt });
      else unsettledWithinGrace++;
    }
  }

  const ledgerSum = sumLedger(account.entries);
  const noAccount = account.balance === undefined && account.entries.length === 0;
  if (!noAccount && account.balance !== ledgerSum) {
    findings.push({ kind: 'balance_mismatch', userId, balance: account.balance, ledgerSum });
  }
  return { findings, unsettledWithinGrace };
}

/** One line per finding, for operators. */
export function describeFinding(finding: LedgerFinding): string {
  switch (finding.kind) {
    case 'unsettled_reserve':
      return `user ${finding.userId}: job ${finding.jobId} reserved a credit at ${finding.reservedAt ?? 'an unknown time'} and never committed or refunded it`;
    case 'settled_twice':
      return `user ${finding.userId}: job ${finding.jobId} was both committed and refunded`;
    case 'settlement_without_reserve':
      return `user ${finding.userId}: ${finding.sk} settles job ${finding.jobId}, which has no reserve`;
    case 'balance_mismatch':
      return `user ${finding.userId}: the balance is ${finding.balance ?? 'missing'} but the ledger adds up to ${finding.ledgerSum}`;
  }
}
