import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeDeadline, OutOfTimeError, withinTime } from './time-limit';

afterEach(() => {
  vi.useRealTimers();
});

describe('withinTime', () => {
  it('answers what the work answers within its time', async () => {
    expect(await withinTime(1_000, async () => 'done')).toBe('done');
    expect(await withinTime(Number.POSITIVE_INFINITY, async () => 'done')).toBe('done');
  });

  it('does not start work with no time left', async () => {
    const work = vi.fn(async () => 'done');
    await expect(withinTime(0, work)).rejects.toBeInstanceOf(OutOfTimeError);
    expect(work).not.toHaveBeenCalled();
  });

  it('gives up on work still running when its time is up, and aborts its signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const result = withinTime(5_000, (signal) => {
      seen = signal;
      return new Promise<string>(() => {});
    });
    const settled = expect(result).rejects.toBeInstanceOf(OutOfTimeError);
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(seen?.aborted).toBe(true);
  });
});

describe('beforeDeadline', () => {
  it("answers the work's result in time", async () => {
    expect(await beforeDeadline(1_000, 'late', async () => 'done')).toEqual({ inTime: true, value: 'done' });
  });

  it('answers the work still under way when time is up, its signal aborted with the reason', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const outcome = beforeDeadline(5_000, 'late', async (signal) => {
      seen = signal;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      return 'finally';
    });
    await vi.advanceTimersByTimeAsync(5_000);
    const answered = await outcome;
    expect(answered.inTime).toBe(false);
    expect(seen?.reason).toBe('late');
    await vi.advanceTimersByTimeAsync(5_000);
    if (!answered.inTime) expect(await answered.work).toBe('finally');
  });
});
