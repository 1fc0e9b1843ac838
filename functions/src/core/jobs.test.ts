import { describe, expect, it } from 'vitest';
import { providerCallsPerJob } from './jobs';

describe('providerCallsPerJob', () => {
  it("is each worker's share of the provider calls at once", () => {
    expect(providerCallsPerJob(10, 5)).toBe(2);
    expect(providerCallsPerJob(20, 5)).toBe(4);
    expect(providerCallsPerJob(11, 5)).toBe(2);
  });

  it('never stops a job from calling at all', () => {
    expect(providerCallsPerJob(3, 5)).toBe(1);
    expect(providerCallsPerJob(1, 0)).toBe(1);
  });
});
