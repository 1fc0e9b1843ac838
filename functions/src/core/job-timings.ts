import type { JobTiming } from '@thumbnail-studio/contract';

/**
 * How long one completed job took, stage by stage, in milliseconds: waiting for a worker, drawing
 * (classifying and the provider's answer), finishing (storing the images and settling).
 */
export interface JobDurations {
  waiting: number;
  drawing: number;
  finishing: number;
}

/**
 * Each provider keeps the durations of this many recent jobs: a completed job writes its own into
 * one slot picked by its id, so the sample follows the provider's last few dozen jobs with one
 * small write per job and nothing to read first.
 */
export const TIMING_SLOTS = 24;

/** The slot a job's durations go in: a hash of its id (FNV-1a), spread evenly over the slots. */
export function timingSlot(jobId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < jobId.length; i++) {
    hash ^= jobId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % TIMING_SLOTS;
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** A provider's timing from its recent jobs' durations: each stage's median, and the slow mark. */
export function summarizeTimings(samples: readonly JobDurations[]): JobTiming | null {
  if (samples.length === 0) return null;
  const median = (stage: keyof JobDurations) =>
    Math.round(
      percentile(
        samples.map((s) => s[stage]),
        0.5,
      ),
    );
  const totals = samples.map((s) => s.waiting + s.drawing + s.finishing);
  return {
    waiting_ms: median('waiting'),
    drawing_ms: median('drawing'),
    finishing_ms: median('finishing'),
    slow_after_ms: Math.round(percentile(totals, 0.9)),
    jobs: samples.length,
  };
}

/**
 * The durations of a job sent at `sentAt`, begun by its worker at `startedAt`, answered by its
 * provider at `answeredAt` and settled at `settledAt` (all epoch milliseconds); none of a stage
 * comes out negative when clocks disagree.
 */
export const jobDurations = (
  sentAt: number,
  startedAt: number,
  answeredAt: number,
  settledAt: number,
): JobDurations => ({
  waiting: Math.max(0, startedAt - sentAt),
  drawing: Math.max(0, answeredAt - startedAt),
  finishing: Math.max(0, settledAt - answeredAt),
});
