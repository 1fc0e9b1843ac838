/**
 * Which users the hourly ledger check reads. Every ledger entry is filed under the hour it was
 * stamped in (UTC), and the hourly check reads only the users filed under the hours below; the
 * daily check still reads everyone.
 */

const HOUR_MS = 60 * 60_000;

/**
 * How far back, besides the grace period, the hourly check looks: twice its interval. An entry
 * is stamped before its transaction commits, so one stamped just before a run may land after it;
 * the next run still reads its hour.
 */
export const RECENT_CHECK_OVERLAP_MS = 2 * HOUR_MS;

/** The hour an entry stamped at `time` is filed under: `YYYY-MM-DDTHH`, UTC. */
export const ledgerHourOf = (time: string | number | Date): string =>
  new Date(time).toISOString().slice(0, 13);

/**
 * The hours whose users the hourly check at `now` reads, oldest first: from the grace period plus
 * the overlap ago up to now. So a run reads every user with an entry written since the run before
 * (with an hour to spare for a late commit), and every user whose unsettled reserve has outgrown
 * the grace period since the run before.
 */
export function hoursToCheck(now: number, graceMs: number): string[] {
  const first = Math.floor((now - graceMs - RECENT_CHECK_OVERLAP_MS) / HOUR_MS);
  const last = Math.floor(now / HOUR_MS);
  const hours: string[] = [];
  for (let hour = first; hour <= last; hour++) hours.push(ledgerHourOf(hour * HOUR_MS));
  return hours;
}
