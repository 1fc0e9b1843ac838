import { describe, expect, it } from 'vitest';
import { nextRovingIndex } from './roving-index';

describe('nextRovingIndex', () => {
  it('steps with the arrows and stops at either end', () => {
    expect(nextRovingIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextRovingIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextRovingIndex('ArrowUp', 1, 3)).toBe(0);
    expect(nextRovingIndex('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps to the first and last with Home and End', () => {
    expect(nextRovingIndex('Home', 2, 3)).toBe(0);
    expect(nextRovingIndex('End', 0, 3)).toBe(2);
  });

  it('ignores other keys and empty lists, and copes with a row that went away', () => {
    expect(nextRovingIndex('Enter', 1, 3)).toBeUndefined();
    expect(nextRovingIndex('ArrowDown', 0, 0)).toBeUndefined();
    expect(nextRovingIndex('ArrowUp', 7, 3)).toBe(1);
    expect(nextRovingIndex('ArrowDown', -1, 3)).toBe(1);
  });
});
