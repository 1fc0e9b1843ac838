import type { OwnKeyProvider } from '@thumbnail-studio/contract';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * A creator's own provider keys, kept in this browser only (localStorage), one per provider and
 * signed-in user, so another account on the same browser never uses them. They are never sent
 * to the backend: only the provider's SDK, called from this browser, reads them.
 */
const PREFIX = 'thumbnail-studio.own-key.';
const storageKey = (userId: string, provider: OwnKeyProvider) => `${PREFIX}${userId}.${provider}`;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function readOwnKey(userId: string | undefined, provider: OwnKeyProvider): string | undefined {
  if (!userId) return undefined;
  try {
    return localStorage.getItem(storageKey(userId, provider)) || undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the key (trimmed) for this user; storage that refuses it throws, so the dialog can say so. */
export function saveOwnKey(userId: string, provider: OwnKeyProvider, key: string): void {
  localStorage.setItem(storageKey(userId, provider), key.trim());
  notify();
}

export function removeOwnKey(userId: string, provider: OwnKeyProvider): void {
  try {
    localStorage.removeItem(storageKey(userId, provider));
  } finally {
    notify();
  }
}

/** A key as shown once saved: its first 3 and last 4 characters, never the whole of it. */
export function maskKey(key: string): string {
  if (key.length <= 10) return '•'.repeat(8);
  return `${key.slice(0, 3)}••••••••${key.slice(-4)}`;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab adding or removing a key.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Which providers the user has a key of their own for, kept current as keys are added or removed. */
export function useOwnKeyProviders(userId: string | undefined): readonly OwnKeyProvider[] {
  const snapshot = useSyncExternalStore(subscribe, () =>
    (['openai', 'gemini'] as const).filter((provider) => readOwnKey(userId, provider)).join(','),
  );
  return useMemo(() => (snapshot ? (snapshot.split(',') as OwnKeyProvider[]) : []), [snapshot]);
}
