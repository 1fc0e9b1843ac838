import { describe, expect, it } from 'vitest';
import { pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('polls every second at first, then backs off to three seconds', () => {
    expect(pollDelay(0)).toBe(1000);
    expect(pollDelay(9)).toBe(1000);
    expect(pollDelay(10)).toBe(2000);
    expect(pollDelay(24)).toBe(2000);
    expect(pollDelay(25)).toBe(3000);
    expect(pollDelay(500)).toBe(3000);
  });
});
