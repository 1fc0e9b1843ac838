import { describe, expect, it } from 'vitest';
import { runsPerMonth, stackInventory } from '../../tools/cost/inventory';
import { synth } from './synth';

describe("npm run cost's inventory of the stack", () => {
  it('counts what the stack deploys that costs money, idle or not', () => {
    const { stack, template } = synth();
    expect(stackInventory(stack, template)).toEqual({
      worker: { memoryMb: 1536, architecture: 'arm64' },
      api: { memoryMb: 1024, architecture: 'arm64' },
      alarms: 11,
      secrets: 2,
      webAcls: 1,
      wafRules: 1,
      dashboards: 0,
      customMetrics: ['LedgerFindings', 'WebhookSignaturesRefused'],
      customerManagedKeys: 0,
      scheduled: [
        { name: 'sweeper', runsPerMonth: 8640, size: { memoryMb: 512, architecture: 'arm64' } },
        {
          name: 'reconciler',
          runsPerMonth: 720,
          size: { memoryMb: 512, architecture: 'arm64' },
          mode: 'recent',
        },
        {
          name: 'reconciler',
          runsPerMonth: 30,
          size: { memoryMb: 512, architecture: 'arm64' },
          mode: 'full',
        },
      ],
      sqsEventSources: 1,
    });
  });

  it('counts the dashboard only when dashboard=true deploys it', () => {
    const { stack, template } = synth({ dashboard: true });
    expect(stackInventory(stack, template).dashboards).toBe(1);
  });

  it("counts a month's runs of a schedule", () => {
    expect(runsPerMonth('rate(5 minutes)')).toBe(8640);
    expect(runsPerMonth('rate(1 hour)')).toBe(720);
    expect(runsPerMonth('rate(1 day)')).toBe(30);
    expect(runsPerMonth('cron(0 * * * ? *)')).toBe(720);
    expect(runsPerMonth('cron(15 3 * * ? *)')).toBe(30);
    expect(() => runsPerMonth('cron(0 12 ? * MON *)')).toThrow();
  });
});
