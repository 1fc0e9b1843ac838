/** Polls of a pending message at 1 s, then 2 s, then 3 s apart: quick jobs feel instant, slow ones cost little. */
const STEPS = [
  { until: 10, delayMs: 1000 },
  { until: 25, delayMs: 2000 },
] as const;
const SLOWEST_MS = 3000;

/** How long to wait before the next poll, given how many answers have arrived so far. */
export function pollDelay(answers: number): number {
  return STEPS.find((step) => answers < step.until)?.delayMs ?? SLOWEST_MS;
}
