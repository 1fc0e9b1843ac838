import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date';

const now = new Date('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatRelativeDate', () => {
  it('says Just now under a minute, also for timestamps slightly in the future', () => {
    expect(formatRelativeDate(ago(30_000), now)).toBe('Just now');
    expect(formatRelativeDate(ago(-5_000), now)).toBe('Just now');
  });

  it('shows minutes under an hour', () => {
    expect(formatRelativeDate(ago(MIN), now)).toBe('1 minute ago');
    expect(formatRelativeDate(ago(5 * MIN), now)).toBe('5 minutes ago');
    expect(formatRelativeDate(ago(59 * MIN + 59_000), now)).toBe('59 minutes ago');
  });

  it('shows hours under 24 hours', () => {
    expect(formatRelativeDate(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeDate(ago(23 * HOUR + 59 * MIN), now)).toBe('23 hours ago');
  });

  it('shows days under 168 hours', () => {
    expect(formatRelativeDate(ago(24 * HOUR), now)).toBe('1 day ago');
    expect(formatRelativeDate(ago(167 * HOUR), now)).toBe('6 days ago');
  });

  it('shows a date from 168 hours on', () => {
    expect(formatRelativeDate(ago(168 * HOUR), now, 'en-US')).toBe('Mar 8, 2026');
    expect(formatRelativeDate('2025-12-25T12:00:00Z', now, 'en-US')).toBe('Dec 25, 2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeDate('not a date', now)).toBe('');
  });
});
