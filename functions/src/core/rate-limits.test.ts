import { describe, expect, it } from 'vitest';
import { pendingUploadSk, rateWindow } from './rate-limits';

describe('rateWindow', () => {
  it('puts requests of one minute in one window, per action', () => {
    const first = rateWindow('sendMessage', Date.UTC(2026, 10, 23, 10, 0, 5));
    const later = rateWindow('sendMessage', Date.UTC(2026, 10, 23, 10, 0, 59, 999));
    expect(later.sk).toBe(first.sk);
    expect(rateWindow('createUpload', Date.UTC(2026, 10, 23, 10, 0, 5)).sk).not.toBe(first.sk);
    expect(rateWindow('sendMessage', Date.UTC(2026, 10, 23, 10, 1, 0)).sk).not.toBe(first.sk);
  });

  it('says how long until the window ends, never less than a second', () => {
    const window = rateWindow('sendMessage', Date.UTC(2026, 10, 23, 10, 0, 5, 500));
    expect(window.retryAfterSeconds).toBe(55);
    expect(window.endsAt).toBe(Date.UTC(2026, 10, 23, 10, 1, 0) / 1000);
    expect(rateWindow('sendMessage', Date.UTC(2026, 10, 23, 10, 0, 59, 999)).retryAfterSeconds).toBe(1);
  });

  it('keys a pending upload by its storage key', () => {
    expect(pendingUploadSk('uploads/u/1')).toBe('upload#uploads/u/1');
  });
});
