/**
 * The checks after a job (likeness, legibility) use only the time the invocation has left, so they
 * never run it past its own limit: a Lambda that times out counts as a failed run and raises the
 * worker's error alarm, for an image that was delivered and paid for.
 */

/** Kept from the invocation's end when the checks stop: enough to record that one was not made, and return. */
export const CHECK_RESERVE_MS = 10_000;

/** A check is not started with less than this for it: it would only be cut short. */
export const CHECK_MIN_MS = 5_000;

/**
 * How long a check may run when the invocation has `remainingMs` left: all of it but the reserve,
 * or 0 (do not start it) when that is under CHECK_MIN_MS.
 */
export function checkTimeMs(remainingMs: number): number {
  const usable = remainingMs - CHECK_RESERVE_MS;
  return usable >= CHECK_MIN_MS ? usable : 0;
}
