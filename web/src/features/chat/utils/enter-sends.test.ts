import { describe, expect, it } from 'vitest';
import { enterSends } from './enter-sends';

const press = (key: string, overrides: { shiftKey?: boolean; isComposing?: boolean } = {}) => ({
  key,
  shiftKey: false,
  isComposing: false,
  ...overrides,
});

describe('enterSends', () => {
  it('sends on Enter with a physical keyboard, but not Shift+Enter, other keys or while composing', () => {
    expect(enterSends(press('Enter'), false)).toBe(true);
    expect(enterSends(press('Enter', { shiftKey: true }), false)).toBe(false);
    expect(enterSends(press('Enter', { isComposing: true }), false)).toBe(false);
    expect(enterSends(press('a'), false)).toBe(false);
  });

  it('never sends on Enter from a touch keyboard: there Enter is the new line and the button sends', () => {
    expect(enterSends(press('Enter'), true)).toBe(false);
  });
});
