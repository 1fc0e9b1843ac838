/** Thrown when work was not started, or was cut short, because its time had run out. */
export class OutOfTimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutOfTimeError';
  }
}

/**
 * Runs `work` for at most `ms` (Infinity: no limit). With no time (0 or less) it is not started;
 * when the time is up its signal aborts, so it stops at its next step, and this throws
 * OutOfTimeError at once instead of waiting for it.
 */
export async function withinTime<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (ms <= 0) throw new OutOfTimeError('not started: no time left');
  const controller = new AbortController();
  if (ms === Number.POSITIVE_INFINITY) return work(controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new OutOfTimeError(`cut short after ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
