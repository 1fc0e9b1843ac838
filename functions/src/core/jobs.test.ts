import { UNEXPECTED_ERROR_TEXT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { MAX_RATE_LIMIT_DELAY_SECONDS, providerCallsPerJob, rateLimitRetrySeconds, refundText } from './jobs';

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

describe('rateLimitRetrySeconds', () => {
  const now = 1_000_000_000;
  const run = 9 * 60_000;

  it("waits the provider's time, in whole seconds, while a run still fits before the job is stuck", () => {
    const stuckAt = now + 60 * 60_000;
    expect(rateLimitRetrySeconds(120_000, now, stuckAt, run)).toBe(120);
    expect(rateLimitRetrySeconds(1_500, now, stuckAt, run)).toBe(2);
    expect(rateLimitRetrySeconds(0, now, stuckAt, run)).toBe(1);
    expect(rateLimitRetrySeconds(51 * 60_000, now, stuckAt, run)).toBe(51 * 60);
  });

  it('gives up when the run after the wait would end past the point the job counts as stuck', () => {
    const stuckAt = now + 60 * 60_000;
    expect(rateLimitRetrySeconds(51 * 60_000 + 1_000, now, stuckAt, run)).toBeUndefined();
    expect(rateLimitRetrySeconds(120_000, stuckAt - run, stuckAt, run)).toBeUndefined();
  });

  it('never asks the queue to hold a message longer than it can', () => {
    const farAway = now + 48 * 60 * 60_000;
    expect(rateLimitRetrySeconds(MAX_RATE_LIMIT_DELAY_SECONDS * 1000, now, farAway, run)).toBe(
      MAX_RATE_LIMIT_DELAY_SECONDS,
    );
    expect(rateLimitRetrySeconds(12 * 60 * 60_000, now, farAway, run)).toBeUndefined();
  });
});

describe('refundText', () => {
  it("shows the provider's own text for its failure or the deadline, else the general one", () => {
    expect(refundText('provider-failed', 'Refused by the provider.')).toBe('Refused by the provider.');
    expect(refundText('deadline', 'Timed out.')).toBe('Timed out.');
    expect(refundText('deadline')).toBe(UNEXPECTED_ERROR_TEXT);
    for (const reason of ['job-failed', 'enqueue-failed', 'stuck', 'dead-lettered'] as const) {
      expect(refundText(reason)).toBe(UNEXPECTED_ERROR_TEXT);
    }
  });

  it('says when the conversation was deleted first', () => {
    expect(refundText('conversation-deleted')).toBe(
      'The conversation was deleted before the image was ready.',
    );
  });
});
