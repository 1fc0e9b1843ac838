import type { OwnKeyProvider } from '@thumbnail-studio/contract';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * A creator's own provider keys, kept in this browser only (localStorage), one per provider and
 * signed-in user, so another account on the same browser never uses them. They are never sent
 * to the backend: only the provider's SDK, called from this browser, reads them. A key lasts
 * until sign-out unless the creator chose to remember it on this device (a mark beside it).
 */
const PREFIX = 'thumbnail-studio.own-key.';
const REMEMBERED_PREFIX = 'thumbnail-studio.own-key-remembered.';
const storageKey = (userId: string, provider: OwnKeyProvider) => `${PREFIX}${userId}.${provider}`;
const rememberedKey = (userId: string, provider: OwnKeyProvider) =>
  `${REMEMBERED_PREFIX}${userId}.${provider}`;

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

/** Whether the user's key of this provider stays after sign-out. */
export function isOwnKeyRemembered(userId: string, provider: OwnKeyProvider): boolean {
  try {
    return localStorage.getItem(rememberedKey(userId, provider)) !== null;
  } catch {
    return false;
  }
}

/**
 * Keeps the key (trimmed) for this user, until sign-out unless `remember`; storage that refuses
 * it throws, so the dialog can say so.
 */
export function saveOwnKey(userId: string, provider: OwnKeyProvider, key: string, remember = false): void {
  localStorage.setItem(storageKey(userId, provider), key.trim());
  if (remember) localStorage.setItem(rememberedKey(userId, provider), '1');
  else localStorage.removeItem(rememberedKey(userId, provider));
  notify();
}

export function removeOwnKey(userId: string, provider: OwnKeyProvider): void {
  try {
    localStorage.removeItem(storageKey(userId, provider));
    localStorage.removeItem(rememberedKey(userId, provider));
  } finally {
    notify();
  }
}

/**
 * Drops every key in this browser that was not saved to be remembered: called whenever there is
 * no session (a sign-out, an expired session, a start without one), so a key is never left in
 * storage for whoever uses the browser next.
 */
export function forgetUnrememberedOwnKeys(): void {
  try {
    const stored = Object.keys(localStorage).filter((name) => name.startsWith(PREFIX));
    const forgotten = stored.filter(
      (name) => localStorage.getItem(`${REMEMBERED_PREFIX}${name.slice(PREFIX.length)}`) === null,
    );
    for (const name of forgotten) localStorage.removeItem(name);
    if (forgotten.length > 0) notify();
  } catch {
    // Storage that cannot be read holds no key either.
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
