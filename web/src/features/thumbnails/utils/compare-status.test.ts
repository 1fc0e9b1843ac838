import { describe, expect, it } from 'vitest';
import { compareStatus, isCompareSet } from './compare-status';

describe('the Test & Compare status', () => {
  it('takes 2 or 3 thumbnails only', () => {
    expect([0, 1, 2, 3, 4].map(isCompareSet)).toEqual([false, false, true, true, false]);
  });

  it('says what to do next for 1 or 4 chosen', () => {
    expect(compareStatus(1)).toBe('1 chosen. Choose at least one more: Test & Compare needs 2 or 3.');
    expect(compareStatus(4)).toBe('4 chosen. Test & Compare takes at most 3: unselect one.');
    expect(compareStatus(6)).toBe('6 chosen. Test & Compare takes at most 3: unselect 3.');
  });

  it('says when the set is ready', () => {
    expect(compareStatus(0)).toMatch(/^Choose 2 or 3 thumbnails/);
    expect(compareStatus(2)).toBe('2 chosen, ready to download, or choose a third.');
    expect(compareStatus(3)).toBe('3 chosen, ready to download.');
  });
});
