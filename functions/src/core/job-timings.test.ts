import { describe, expect, it } from 'vitest';
import { jobDurations, summarizeTimings, TIMING_SLOTS, timingSlot } from './job-timings';

describe("a provider's job timings", () => {
  it('spreads job ids over every slot, the same id always to the same slot', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `01JOB${i.toString(36).padStart(6, '0')}`);
    const counts = new Map<number, number>();
    for (const id of ids) counts.set(timingSlot(id), (counts.get(timingSlot(id)) ?? 0) + 1);
    expect(counts.size).toBe(TIMING_SLOTS);
    expect(Math.min(...counts.values())).toBeGreaterThan(2000 / TIMING_SLOTS / 2);
    expect(timingSlot('abc')).toBe(timingSlot('abc'));
  });

  it("takes each stage's median and the 90th percentile of whole jobs", () => {
    const samples = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((drawing) => ({
      waiting: 1,
      drawing: drawing * 1000,
      finishing: 500,
    }));
    expect(summarizeTimings(samples)).toEqual({
      waiting_ms: 1,
      drawing_ms: 50_000,
      finishing_ms: 500,
      slow_after_ms: 90_501,
      jobs: 10,
    });
    expect(summarizeTimings([])).toBeNull();
  });

  it('measures the stages between the send, the start, the answer and the settling', () => {
    expect(jobDurations(1000, 1500, 31_500, 33_000)).toEqual({
      waiting: 500,
      drawing: 30_000,
      finishing: 1500,
    });
    expect(jobDurations(2000, 1500, 1400, 1300)).toEqual({ waiting: 0, drawing: 0, finishing: 0 });
  });
});
