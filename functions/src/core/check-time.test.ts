import { describe, expect, it } from 'vitest';
import { CHECK_MIN_MS, CHECK_RESERVE_MS, checkTimeMs } from './check-time';

describe('checkTimeMs', () => {
  it('gives a check all the remaining time but the reserve', () => {
    expect(checkTimeMs(60_000)).toBe(60_000 - CHECK_RESERVE_MS);
    expect(checkTimeMs(CHECK_RESERVE_MS + CHECK_MIN_MS)).toBe(CHECK_MIN_MS);
  });

  it('starts no check that would have less than the minimum', () => {
    expect(checkTimeMs(CHECK_RESERVE_MS + CHECK_MIN_MS - 1)).toBe(0);
    expect(checkTimeMs(CHECK_RESERVE_MS)).toBe(0);
    expect(checkTimeMs(0)).toBe(0);
    expect(checkTimeMs(-5)).toBe(0);
  });
});
