import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Inventory,
  idleMonth,
  jobCost,
  optionalIdleLines,
  pollsDuring,
  type RecordedCounts,
  totalOf,
} from './model';
import { costReport } from './report';

/** Counts as the bench recorded them on 28 Nov (a copy: the recording in tools/cost moves with the code). */
const counts = JSON.parse(
  readFileSync(new URL('./fixtures/cost-counts.json', import.meta.url), 'utf8'),
) as RecordedCounts;

const arm = (memoryMb: number) => ({ memoryMb, architecture: 'arm64' as const });
/** What the stack deploys, as tests/infra/cost-inventory.test.ts reads it from the template. */
const inventory: Inventory = {
  worker: arm(1536),
  api: arm(1024),
  alarms: 11,
  secrets: 2,
  webAcls: 1,
  wafRules: 1,
  dashboards: 0,
  customMetrics: ['LedgerFindings', 'WebhookSignaturesRefused'],
  customerManagedKeys: 0,
  scheduled: [
    { name: 'sweeper', runsPerMonth: 8640, size: arm(512) },
    { name: 'reconciler', runsPerMonth: 720, size: arm(512), mode: 'recent' },
    { name: 'reconciler', runsPerMonth: 30, size: arm(512), mode: 'full' },
  ],
  sqsEventSources: 1,
};

describe('npm run cost', () => {
  it('counts the polls the web app makes while a job runs, the one that sees it done included', () => {
    // Ten at 300 ms (3 s), eight at 1 s (to 11 s), then every 2 s.
    expect(pollsDuring(3)).toBe(11);
    expect(pollsDuring(10)).toBe(18);
    expect(pollsDuring(31.5)).toBe(30);
  });

  it("prices the worker's wait for the provider by its memory and architecture", () => {
    const [worker] = jobCost(counts, '1 image, checks', 'gemini-3.1-flash-image', inventory);
    const seconds = 10 + (counts.jobs['1 image, checks']?.['worker.cpuMs'] ?? 0) / 1000;
    expect(worker?.usd).toBeCloseTo(0.2 / 1e6 + 0.0000133334 * 1.5 * seconds, 12);
  });

  it('names every line of the idle month, the WAF $6 of it', () => {
    const idle = idleMonth(inventory);
    expect(idle.map((line) => line.name.split(':')[0])).toEqual([
      'AWS WAF',
      'AWS WAF',
      'Secrets Manager',
      'CloudWatch',
      'CloudWatch',
      'SQS',
      'sweeper on a schedule (8640 runs)',
      'reconciler on a schedule (mode recent, the users with new entries, 720 runs)',
      'reconciler on a schedule (mode full, the whole ledger, 30 runs)',
      'KMS',
    ]);
    expect((idle[0]?.usd ?? 0) + (idle[1]?.usd ?? 0)).toBe(6);
    expect(totalOf(idle)).toBeCloseTo(8.77, 2);
  });

  it('prices each schedule of the ledger check by its own runs and mode', () => {
    const [recent, full] = idleMonth(inventory).filter((line) => line.name.startsWith('reconciler'));
    // 720 runs of 300 ms and 30 of 2 s at 512 MB, each with half a read unit and 400 bytes of log.
    const run = (ms: number) => 0.2 / 1e6 + 0.0000133334 * 0.5 * (ms / 1000) + 0.5 * 0.125e-6 + 400e-9 * 0.5;
    expect(recent?.usd).toBeCloseTo(720 * run(300), 10);
    expect(full?.usd).toBeCloseTo(30 * run(2000), 10);
  });

  it('names each log-filter metric, plural when there are more than one', () => {
    const metrics = idleMonth(inventory).find((line) => line.name.includes('log filter'));
    expect(metrics?.name).toBe(
      'CloudWatch: 2 metrics from log filters (LedgerFindings, WebhookSignaturesRefused)',
    );
    expect(metrics?.usd).toBeCloseTo(0.6, 10);
  });

  it('shows the dashboard as optional, counted only when dashboard=true deploys it', () => {
    expect(idleMonth(inventory).some((line) => /dashboard/i.test(line.name))).toBe(false);
    expect(optionalIdleLines(inventory)).toEqual([
      { name: expect.stringContaining('CloudWatch dashboard, if dashboard=true'), usd: 3 },
    ]);
    const withDashboard = { ...inventory, dashboards: 1 };
    expect(totalOf(idleMonth(withDashboard)) - totalOf(idleMonth(inventory))).toBeCloseTo(3, 10);
    expect(optionalIdleLines(withDashboard)).toEqual([]);
  });

  it('takes off only what the always-free allowances cover: the first 10 alarms, not the eleventh', () => {
    const alarms = idleMonth(inventory).find((line) => line.name.includes('alarms'));
    expect(alarms?.usd).toBeCloseTo(1.1, 10);
    expect(alarms?.freeUsd).toBeCloseTo(1.0, 10);
    const report = costReport(counts, inventory, ['gemini-3.1-flash-image']);
    expect(report.text).toMatch(/allowances go to nothing else .*: \$6\.90$/m);
  });

  it('gives the expected dollars for the recorded counts, and says which budget is broken', () => {
    const report = costReport(counts, inventory, ['gemini-3.1-flash-image', 'gpt-image-2']);
    expect(report.thumbnailUsd).toBeCloseTo(EXPECTED.thumbnailUsd, 8);
    expect(report.idleMonthUsd).toBeCloseTo(EXPECTED.idleMonthUsd, 4);
    expect(report.busyMonthUsd['gemini-3.1-flash-image']).toBeCloseTo(EXPECTED.busyGemini, 2);
    expect(report.busyMonthUsd['gpt-image-2']).toBeCloseTo(EXPECTED.busyOpenAI, 2);
    expect(report.broken).toEqual(EXPECTED.broken);
    expect(report.text).toContain('off by default, not counted above');
  });
});

/**
 * The figures of the recorded counts at the prices of 28 Nov. By hand, the idle month: the WAF's $5
 * and $1, 2 secrets at $0.40, 11 alarms at $0.10, 2 metrics at $0.30, 648,000 SQS requests at $0.40
 * a million ($0.2592), 8,640 sweeps and 750 ledger checks (about 1.5 cents); no dashboard.
 */
const EXPECTED = {
  /** The dearest: one image, checks, gpt-image-2 (the worker waits 30 s at 1536 MB). */
  thumbnailUsd: 0.00093895,
  idleMonthUsd: 8.774,
  busyGemini: 25.06,
  busyOpenAI: 38.05,
  broken: [],
};
