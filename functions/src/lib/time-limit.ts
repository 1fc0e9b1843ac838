/** Thrown when work was not started, or was cut short, because its time had run out. */
export class OutOfTimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutOfTimeError';
  }
}

/** What beforeDeadline answers: the work's result in time, or the work still under way once time is up. */
export type DeadlineOutcome<T> = { inTime: true; value: T } | { inTime: false; work: Promise<T> };

/**
 * Runs `work` with a signal that aborts with `reason` once `ms` have passed (a timer of its own,
 * not AbortSignal.timeout, which doesn't keep the process awake), and answers as soon as either
 * comes: the work's result, or the work still under way, for the caller to deal with what it leaves.
 */
export async function beforeDeadline<T>(
  ms: number,
  reason: unknown,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<DeadlineOutcome<T>> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<typeof TIME_UP>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(reason);
      resolve(TIME_UP);
    }, ms);
  });
  const running = work(controller.signal);
  try {
    const first = await Promise.race([running, timeUp]);
    return first === TIME_UP ? { inTime: false, work: running } : { inTime: true, value: first };
  } finally {
    clearTimeout(timer);
  }
}

const TIME_UP = Symbol('time up');

/**
 * Runs `work` for at most `ms` (Infinity: no limit). With no time (0 or less) it is not started;
 * when the time is up its signal aborts, so it stops at its next step, and this throws
 * OutOfTimeError at once instead of waiting for it.
 */
export async function withinTime<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (ms <= 0) throw new OutOfTimeError('not started: no time left');
  if (ms === Number.POSITIVE_INFINITY) return work(new AbortController().signal);
  const cutShort = new OutOfTimeError(`cut short after ${ms} ms`);
  const outcome = await beforeDeadline(ms, cutShort, work);
  if (outcome.inTime) return outcome.value;
  throw cutShort;
}
