const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago a time was: under 1 hour shows minutes ('Just now' under a minute), under 24 hours hours,
 * under 168 hours days, otherwise a date.
 */
export function formatRelativeDate(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  const hours = elapsed / HOUR_MS;
  if (hours < 1) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    return minutes < 1 ? 'Just now' : plural(minutes, 'minute');
  }
  if (hours < 24) return plural(Math.floor(hours), 'hour');
  if (hours < 168) return plural(Math.floor(hours / 24), 'day');
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
