import { describe, expect, it } from 'vitest';
import { type JobTiming, TIME_LEFT_TEXTS, timeLeft, timeLeftText } from './job-timings';

const timing: JobTiming = {
  waiting_ms: 2_000,
  drawing_ms: 30_000,
  finishing_ms: 3_000,
  slow_after_ms: 60_000,
  jobs: 12,
};
const sent = '2026-11-28T12:00:00.000Z';
const at = (seconds: number) => Date.parse(sent) + seconds * 1000;

describe('the time left of a pending job', () => {
  it('counts down from the send while the job waits, by the stages of recent jobs', () => {
    expect(timeLeft({ created_at: sent }, timing, at(0))).toBe('About 35 s left');
    expect(timeLeft({ created_at: sent }, timing, at(10))).toBe('About 25 s left');
  });

  it('counts from the worker’s start once it has one', () => {
    const started = { created_at: sent, started_at: '2026-11-28T12:00:05.000Z' };
    expect(timeLeft(started, timing, at(5))).toBe('About 33 s left');
    expect(timeLeft(started, timing, at(40))).toBe(TIME_LEFT_TEXTS.almostDone);
  });

  it('says a job is taking longer than usual past the slow mark', () => {
    expect(timeLeft({ created_at: sent }, timing, at(61))).toBe(TIME_LEFT_TEXTS.longer);
  });

  it('says nothing without enough recent jobs', () => {
    expect(timeLeft({ created_at: sent }, null, at(1))).toBeNull();
    expect(timeLeft({ created_at: sent }, { ...timing, jobs: 2 }, at(1))).toBeNull();
  });

  it('says minutes past a minute and a half', () => {
    expect(timeLeftText(89_000)).toBe('About 89 s left');
    expect(timeLeftText(150_000)).toBe('About 3 min left');
  });
});
