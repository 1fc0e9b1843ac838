import { useCallback, useSyncExternalStore } from 'react';

/** What the creator chose: the system's theme, or one of the two kept whatever the system says. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

// src/start-view.js applies the same rule before the first paint; keep the two in step.
export const THEME_STORAGE_KEY = 'theme';
const PREFERS_LIGHT = '(prefers-color-scheme: light)';

const isChoice = (value: unknown): value is ThemeChoice =>
  value === 'system' || value === 'light' || value === 'dark';

/** The stored choice; 'system' when none is stored or storage cannot be read. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const systemPrefersLight = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_LIGHT).matches;

/** The theme a choice shows: dark unless the choice or, for 'system', the system asks for light. */
export function resolveTheme(choice: ThemeChoice, prefersLight: boolean): Theme {
  if (choice === 'system') return prefersLight ? 'light' : 'dark';
  return choice;
}

/** The theme showing now, by the stored choice and the system's preference. */
export const currentTheme = (): Theme => resolveTheme(readThemeChoice(), systemPrefersLight());

/** Puts the theme on `<html>`: its class picks the palette (index.css) and the browser's own controls. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}

const listeners = new Set<() => void>();

/** Stores the choice (remembered across visits) and shows its theme at once. */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Without storage the choice holds for this visit only.
  }
  applyTheme(resolveTheme(choice, systemPrefersLight()));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // While the choice is 'system', the theme follows the system's as it changes.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(PREFERS_LIGHT) : undefined;
  const onSystemChange = () => {
    applyTheme(currentTheme());
    listener();
  };
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
  };
}

const snapshot = () => `${readThemeChoice()} ${currentTheme()}`;

/** The creator's theme choice, the theme it shows, and a setter; follows the system while on 'system'. */
export function useTheme() {
  const [choice, theme] = useSyncExternalStore(subscribe, snapshot, () => 'system dark').split(' ') as [
    ThemeChoice,
    Theme,
  ];
  const setChoice = useCallback((next: ThemeChoice) => setThemeChoice(next), []);
  return { choice, theme, setChoice };
}
