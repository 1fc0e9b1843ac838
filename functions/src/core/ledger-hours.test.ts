import { describe, expect, it } from 'vitest';
import { hoursToCheck, ledgerHourOf } from './ledger-hours';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The deployment's grace period: the sweeper's deadline plus two sweeps. */
const GRACE = 205 * MINUTE;
const at = (iso: string) => Date.parse(iso);

/** Hourly runs at a minute past the hour that is not a round one, as a rate schedule fires. */
const runsFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i * HOUR);
const firstRunAfter = (runs: number[], time: number) => runs.find((run) => run >= time) as number;

describe('ledgerHourOf', () => {
  it('files an entry under its UTC hour', () => {
    expect(ledgerHourOf('2026-01-01T10:59:59.999Z')).toBe('2026-01-01T10');
    expect(ledgerHourOf('2026-01-01T11:00:00.000Z')).toBe('2026-01-01T11');
    expect(ledgerHourOf(at('2026-03-04T05:06:07Z'))).toBe('2026-03-04T05');
  });
});

describe('hoursToCheck', () => {
  it('names every hour from the grace period plus two hours ago up to the current one', () => {
    expect(hoursToCheck(at('2026-01-01T12:20:00Z'), GRACE)).toEqual([
      '2026-01-01T06',
      '2026-01-01T07',
      '2026-01-01T08',
      '2026-01-01T09',
      '2026-01-01T10',
      '2026-01-01T11',
      '2026-01-01T12',
    ]);
    expect(hoursToCheck(at('2026-01-01T00:10:00Z'), 0)).toEqual([
      '2025-12-31T22',
      '2025-12-31T23',
      '2026-01-01T00',
    ]);
  });

  it('reads an entry stamped before an hour boundary and committed after the next run', () => {
    const runs = runsFrom(at('2026-01-01T00:17:00Z'), 48);
    for (let stamp = at('2026-01-01T01:00:00Z'); stamp < at('2026-01-01T23:00:00Z'); stamp += 7 * MINUTE) {
      for (const commitDelay of [0, 1, 10 * MINUTE, 59 * MINUTE]) {
        const run = firstRunAfter(runs, stamp + commitDelay);
        expect(hoursToCheck(run, GRACE)).toContain(ledgerHourOf(stamp));
        expect(hoursToCheck(run, 0)).toContain(ledgerHourOf(stamp));
      }
    }
  });

  it('reads a user whose unsettled reserve outgrew the grace period since the run before', () => {
    const runs = runsFrom(at('2026-01-01T00:17:00Z'), 48);
    for (let stamp = at('2026-01-01T01:00:00Z'); stamp < at('2026-01-01T20:00:00Z'); stamp += 7 * MINUTE) {
      for (const grace of [GRACE, 75 * MINUTE, 0]) {
        const run = firstRunAfter(runs, stamp + grace + 1);
        expect(hoursToCheck(run, grace)).toContain(ledgerHourOf(stamp));
      }
    }
  });

  it('leaves out the hours before that, whose users the daily check reads', () => {
    const hours = hoursToCheck(at('2026-01-02T12:20:00Z'), GRACE);
    expect(hours).not.toContain('2026-01-02T05');
    expect(hours).not.toContain('2026-01-01T12');
    expect(hours).toHaveLength(7);
  });
});
