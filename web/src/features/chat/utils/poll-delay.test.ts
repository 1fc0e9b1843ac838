import { describe, expect, it } from 'vitest';
import { pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('polls every 300 ms while the job leaves the queue and is classified, so its phase shows as it moves', () => {
    expect(pollDelay(0)).toBe(300);
    expect(pollDelay(9)).toBe(300);
    // The first 3 s are covered at that pace.
    expect(Array.from({ length: 10 }, (_, answers) => pollDelay(answers)).reduce((a, b) => a + b)).toBe(3000);
  });

  it('then backs off to one, two and three seconds while the image is made', () => {
    expect(pollDelay(10)).toBe(1000);
    expect(pollDelay(17)).toBe(1000);
    expect(pollDelay(18)).toBe(2000);
    expect(pollDelay(34)).toBe(2000);
    expect(pollDelay(35)).toBe(3000);
    expect(pollDelay(500)).toBe(3000);
  });
});
