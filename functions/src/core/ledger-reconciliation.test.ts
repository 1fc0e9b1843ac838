import { describe, expect, it } from 'vitest';
import { ledgerKeys } from './credits';
import {
  type CreditAccount,
  checkCreditAccount,
  describeFinding,
  type StoredLedgerEntry,
} from './ledger-reconciliation';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const initial: StoredLedgerEntry = { sk: ledgerKeys.initialGrant, amount: 3, created_at: ago(10 * HOUR) };
const reserve = (job: string, at = ago(5 * HOUR)) => ({
  sk: ledgerKeys.job(job).reserve,
  amount: -1,
  created_at: at,
});
const commit = (job: string) => ({ sk: ledgerKeys.job(job).commit, amount: 0, created_at: ago(HOUR) });
const refund = (job: string) => ({ sk: ledgerKeys.job(job).refund, amount: 1, created_at: ago(HOUR) });

/** An account whose stored balance is what its entries add up to, unless told otherwise. */
const account = (entries: StoredLedgerEntry[], balance?: number): CreditAccount => ({
  userId: 'u1',
  balance: balance ?? entries.reduce((sum, e) => sum + e.amount, 0),
  entries,
});
const check = (a: CreditAccount, graceMs = 2 * HOUR) => checkCreditAccount(a, NOW, graceMs);

describe('checkCreditAccount', () => {
  it('finds nothing when every reserve is committed or refunded once and the balance adds up', () => {
    const a = account([
      initial,
      reserve('a'),
      commit('a'),
      reserve('b'),
      refund('b'),
      { sk: ledgerKeys.purchase('cs_1').grant, amount: 10, created_at: ago(HOUR) },
      { sk: ledgerKeys.purchase('cs_1').takeBack(1), amount: -10, created_at: ago(HOUR) },
      // A purchase's numbered take-backs and a reinstatement after a won dispute are not job steps.
      { sk: ledgerKeys.purchase('cs_2').grant, amount: 60, created_at: ago(HOUR) },
      { sk: ledgerKeys.purchase('cs_2').takeBack(1), amount: -2, created_at: ago(HOUR) },
      { sk: ledgerKeys.purchase('cs_2').takeBack(2), amount: -58, created_at: ago(HOUR) },
      { sk: ledgerKeys.purchase('cs_2').takeBack(3), amount: 58, created_at: ago(HOUR) },
    ]);
    expect(check(a)).toEqual({ findings: [], unsettledWithinGrace: 0 });
  });

  it('finds a reserve left unsettled past the grace period', () => {
    expect(check(account([initial, reserve('lost', ago(3 * HOUR))])).findings).toEqual([
      { kind: 'unsettled_reserve', userId: 'u1', jobId: 'lost', reservedAt: ago(3 * HOUR) },
    ]);
  });

  it('leaves a reserve inside the grace period alone: its job may still be running', () => {
    expect(check(account([initial, reserve('running', ago(HOUR))]))).toEqual({
      findings: [],
      unsettledWithinGrace: 1,
    });
  });

  it('treats a reserve without a time as old', () => {
    const { findings } = check(account([initial, { sk: ledgerKeys.job('x').reserve, amount: -1 }]));
    expect(findings.map((f) => f.kind)).toEqual(['unsettled_reserve']);
  });

  it('finds a job both committed and refunded', () => {
    expect(check(account([initial, reserve('both'), commit('both'), refund('both')])).findings).toEqual([
      { kind: 'settled_twice', userId: 'u1', jobId: 'both' },
    ]);
  });

  it('finds settlements without a reserve', () => {
    expect(check(account([initial, refund('ghost'), commit('ghost')])).findings).toEqual([
      {
        kind: 'settlement_without_reserve',
        userId: 'u1',
        jobId: 'ghost',
        sk: ledgerKeys.job('ghost').refund,
      },
      {
        kind: 'settlement_without_reserve',
        userId: 'u1',
        jobId: 'ghost',
        sk: ledgerKeys.job('ghost').commit,
      },
    ]);
  });

  it('finds a balance that differs from the sum of the entries, or is missing', () => {
    expect(check(account([initial, reserve('a'), commit('a')], 3)).findings).toEqual([
      { kind: 'balance_mismatch', userId: 'u1', balance: 3, ledgerSum: 2 },
    ]);
    expect(check({ userId: 'u1', balance: undefined, entries: [initial] }).findings).toEqual([
      { kind: 'balance_mismatch', userId: 'u1', balance: undefined, ledgerSum: 3 },
    ]);
  });

  it('finds nothing for a user who never opened an account', () => {
    expect(check({ userId: 'u1', balance: undefined, entries: [] }).findings).toEqual([]);
  });

  it('describes every finding in one line naming the user', () => {
    const { findings } = check(
      account(
        [initial, reserve('lost'), refund('ghost'), reserve('both'), commit('both'), refund('both')],
        0,
      ),
    );
    expect(findings).toHaveLength(4);
    for (const finding of findings) expect(describeFinding(finding)).toMatch(/^user u1: .+/);
  });
});

describe('checkCreditAccount with variations', () => {
  const reserveOf = (job: string, variations: number) => ({ ...reserve(job), amount: -variations });
  const settle = (job: string, index: number, kept: boolean) => {
    const keys = ledgerKeys.variation(job, index);
    return kept
      ? { sk: keys.commit, amount: 0, created_at: ago(HOUR) }
      : { sk: keys.refund, amount: 1, created_at: ago(HOUR) };
  };

  it("finds nothing when each of a job's variations is committed or refunded once", () => {
    const a = account([
      initial,
      reserveOf('v', 3),
      settle('v', 0, true),
      settle('v', 1, false),
      settle('v', 2, true),
    ]);
    expect(check(a)).toEqual({ findings: [], unsettledWithinGrace: 0 });
  });

  it('finds a job of three variations with one left unsettled', () => {
    const a = account([initial, reserveOf('v', 3), settle('v', 0, true), settle('v', 2, false)]);
    expect(check(a).findings).toEqual([
      { kind: 'unsettled_reserve', userId: 'u1', jobId: 'v', reservedAt: ago(5 * HOUR) },
    ]);
  });

  it('finds a variation both committed and refunded', () => {
    const a = account([
      initial,
      reserveOf('v', 2),
      settle('v', 0, true),
      settle('v', 1, true),
      settle('v', 1, false),
    ]);
    expect(check(a).findings).toEqual([{ kind: 'settled_twice', userId: 'u1', jobId: 'v' }]);
  });

  it('finds a settlement of a variation the reserve did not pay for', () => {
    const a = account([
      initial,
      reserveOf('v', 2),
      settle('v', 0, true),
      settle('v', 1, true),
      settle('v', 2, false),
    ]);
    expect(check(a).findings).toEqual([
      {
        kind: 'settlement_without_reserve',
        userId: 'u1',
        jobId: 'v',
        sk: ledgerKeys.variation('v', 2).refund,
      },
    ]);
  });
});
