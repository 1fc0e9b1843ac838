// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetUnrememberedOwnKeys,
  isOwnKeyRemembered,
  maskKey,
  readOwnKey,
  removeOwnKey,
  saveOwnKey,
  useOwnKeyProviders,
} from './own-keys';

afterEach(() => localStorage.clear());

describe("a creator's own keys", () => {
  it('are kept per signed-in user and provider, trimmed, and removable', () => {
    saveOwnKey('ada', 'openai', '  fake-ada-key-0001  ');
    expect(readOwnKey('ada', 'openai')).toBe('fake-ada-key-0001');
    expect(readOwnKey('babbage', 'openai')).toBeUndefined();
    expect(readOwnKey('ada', 'gemini')).toBeUndefined();
    expect(readOwnKey(undefined, 'openai')).toBeUndefined();
    removeOwnKey('ada', 'openai');
    expect(readOwnKey('ada', 'openai')).toBeUndefined();
  });

  it('show only their first 3 and last 4 characters', () => {
    expect(maskKey('fake-openai-key-for-tests-1234')).toBe('fak••••••••1234');
    expect(maskKey('fake-gemini-key-for-tests-XYZ9')).toBe('fak••••••••XYZ9');
    // A short key shows nothing of itself.
    expect(maskKey('short')).toBe('••••••••');
  });

  it('tell which providers have a key, as keys come and go', () => {
    const { result } = renderHook(() => useOwnKeyProviders('ada'));
    expect(result.current).toEqual([]);
    act(() => saveOwnKey('ada', 'gemini', 'AIza-ada-key-123456'));
    expect(result.current).toEqual(['gemini']);
    act(() => saveOwnKey('ada', 'openai', 'fake-ada-key-0002'));
    expect(result.current).toEqual(['openai', 'gemini']);
    act(() => removeOwnKey('ada', 'gemini'));
    expect(result.current).toEqual(['openai']);
  });

  it('are forgotten at sign-out, for every account of the browser, unless saved to be remembered', () => {
    saveOwnKey('ada', 'openai', 'fake-ada-key-session');
    saveOwnKey('ada', 'gemini', 'fake-ada-key-remembered', true);
    saveOwnKey('babbage', 'openai', 'fake-babbage-key-session');
    localStorage.setItem('thumbnail-studio.theme', 'dark');
    expect(isOwnKeyRemembered('ada', 'gemini')).toBe(true);
    expect(isOwnKeyRemembered('ada', 'openai')).toBe(false);

    const { result } = renderHook(() => useOwnKeyProviders('ada'));
    act(() => forgetUnrememberedOwnKeys());
    expect(readOwnKey('ada', 'openai')).toBeUndefined();
    expect(readOwnKey('babbage', 'openai')).toBeUndefined();
    expect(readOwnKey('ada', 'gemini')).toBe('fake-ada-key-remembered');
    expect(result.current).toEqual(['gemini']);
    // Nothing else of the browser's storage goes.
    expect(localStorage.getItem('thumbnail-studio.theme')).toBe('dark');
    // Saved again without the choice, a key is no longer remembered; removed, neither is its mark.
    saveOwnKey('ada', 'gemini', 'fake-ada-key-again');
    expect(isOwnKeyRemembered('ada', 'gemini')).toBe(false);
    saveOwnKey('ada', 'gemini', 'fake-ada-key-again', true);
    removeOwnKey('ada', 'gemini');
    expect(Object.keys(localStorage)).toEqual(['thumbnail-studio.theme']);
  });
});
