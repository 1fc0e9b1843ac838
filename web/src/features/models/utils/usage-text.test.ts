import { describe, expect, it } from 'vitest';
import { usageText } from './usage-text';

describe('usageText', () => {
  it('says how often a model was featured', () => {
    expect(usageText(0)).toBe('Not used yet');
    expect(usageText(1)).toBe('Used once');
    expect(usageText(12)).toBe('Used 12 times');
  });
});
