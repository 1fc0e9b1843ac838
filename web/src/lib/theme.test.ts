// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readThemeChoice, resolveTheme, setThemeChoice, THEME_STORAGE_KEY } from './theme';

const classes = () =>
  [...document.documentElement.classList].filter((name) => name === 'light' || name === 'dark');

describe('the theme', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it("follows the system unless a theme was chosen, and is dark when the system doesn't ask for light", () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('remembers a chosen theme and shows it on <html> at once', () => {
    setThemeChoice('light');

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(readThemeChoice()).toBe('light');
    expect(classes()).toEqual(['light']);

    setThemeChoice('dark');

    expect(readThemeChoice()).toBe('dark');
    expect(classes()).toEqual(['dark']);
  });

  it('forgets the choice when going back to the system theme', () => {
    setThemeChoice('light');
    setThemeChoice('system');

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(readThemeChoice()).toBe('system');
  });

  it('reads anything else stored under the key as the system theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');

    expect(readThemeChoice()).toBe('system');
  });
});
