/**
 * Where a key moves the one focusable row of a list: ArrowDown and ArrowUp step (stopping at
 * the ends), Home and End jump. Undefined for any other key, or an empty list.
 */
export function nextRovingIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  const from = Math.min(Math.max(current, 0), last);
  switch (key) {
    case 'ArrowDown':
      return Math.min(from + 1, last);
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
