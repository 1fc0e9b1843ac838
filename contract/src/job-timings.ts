import * as z from 'zod/mini';

/**
 * How long a provider's jobs take, from its recent completed jobs, so a waiting creator sees a
 * time left that matches them: each stage's median, and when a job counts as slow.
 * - `waiting_ms`: from the send until a worker takes the job;
 * - `drawing_ms`: from then until the provider answers (classifying, drawing);
 * - `finishing_ms`: from the answer until the images are stored and the credit settled;
 * - `slow_after_ms`: the 90th percentile of whole jobs, past which a job is taking longer than usual;
 * - `jobs`: how many recent jobs the figures come from.
 */
export const jobTimingSchema = z.object({
  waiting_ms: z.int().check(z.nonnegative()),
  drawing_ms: z.int().check(z.nonnegative()),
  finishing_ms: z.int().check(z.nonnegative()),
  slow_after_ms: z.int().check(z.nonnegative()),
  jobs: z.int().check(z.nonnegative()),
});
export type JobTiming = z.infer<typeof jobTimingSchema>;

/** Fewer recent jobs than this say too little: no time left is shown, only the phase. */
export const MIN_TIMED_JOBS = 3;

export const TIME_LEFT_TEXTS = {
  almostDone: 'Almost done…',
  longer: 'Taking longer than usual…',
} as const;

/** 'About 40 s left', 'About 2 min left': whole seconds under a minute and a half, else minutes. */
export const timeLeftText = (ms: number): string => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 90 ? `About ${seconds} s left` : `About ${Math.round(seconds / 60)} min left`;
};

/**
 * What a pending job shows under its phase, at `now`: the time left by its provider's recent jobs
 * (from the send while it waits for a worker, from the worker's start after), 'Almost done…' once
 * that has run out, and 'Taking longer than usual…' past the slow mark. Nothing without enough
 * recent jobs to go by.
 */
export function timeLeft(
  job: { created_at: string; started_at?: string | null | undefined },
  timing: JobTiming | null | undefined,
  now: number,
): string | null {
  if (!timing || timing.jobs < MIN_TIMED_JOBS) return null;
  const sent = Date.parse(job.created_at);
  if (now - sent > timing.slow_after_ms) return TIME_LEFT_TEXTS.longer;
  const started = job.started_at ? Date.parse(job.started_at) : undefined;
  const end =
    started === undefined
      ? sent + timing.waiting_ms + timing.drawing_ms + timing.finishing_ms
      : started + timing.drawing_ms + timing.finishing_ms;
  return end > now ? timeLeftText(end - now) : TIME_LEFT_TEXTS.almostDone;
}
