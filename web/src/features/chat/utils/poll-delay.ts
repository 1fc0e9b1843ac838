/**
 * How often a pending job is asked about: every 300 ms for its first 3 s, when it leaves the queue
 * and is classified (so 'Processing your request...' turns into 'Generating...' or 'Editing...' as
 * it happens), then every second, then every 2 s, then every 3 s while an image takes its time.
 * Each ask is one small read of the conversation's pending jobs (a Query on one key), so the quick
 * start costs ten reads where a one-second pace cost three.
 */
const STEPS = [
  { until: 10, delayMs: 300 },
  { until: 18, delayMs: 1000 },
  { until: 35, delayMs: 2000 },
] as const;
const SLOWEST_MS = 3000;

/** How long to wait before the next poll, given how many answers have arrived so far. */
export function pollDelay(answers: number): number {
  return STEPS.find((step) => answers < step.until)?.delayMs ?? SLOWEST_MS;
}
