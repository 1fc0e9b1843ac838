import { useCallback, useState } from 'react';
import { DURATION_PATTERN } from '../utils/youtube-layouts';

/** What the YouTube preview remembers in this browser: the channel, its avatar, a duration, titles. */
export interface PreviewProfile {
  /** Empty: the account's name. */
  channel: string;
  /** A data URL kept in this browser only; empty: the channel's initial in a circle. */
  avatar: string;
  duration: string;
  /** Titles typed per image id; an image without one is titled by its prompt. */
  titles: Record<string, string>;
}

export const PREVIEW_STORAGE_KEY = 'youtube-preview';
export const DEFAULT_DURATION = '12:34';
/** Titles kept at most: the newest ones typed. */
const MAX_TITLES = 50;
const EMPTY: PreviewProfile = { channel: '', avatar: '', duration: DEFAULT_DURATION, titles: {} };

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/** The stored profile, each field checked; anything unreadable falls back to the defaults. */
export function readPreviewProfile(): PreviewProfile {
  try {
    const stored = JSON.parse(localStorage.getItem(PREVIEW_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const duration = text(stored.duration, DEFAULT_DURATION);
    const titles = stored.titles && typeof stored.titles === 'object' ? stored.titles : {};
    return {
      channel: text(stored.channel),
      avatar: text(stored.avatar).startsWith('data:image/') ? text(stored.avatar) : '',
      duration: DURATION_PATTERN.test(duration) ? duration : DEFAULT_DURATION,
      titles: Object.fromEntries(Object.entries(titles).filter(([, title]) => typeof title === 'string')),
    };
  } catch {
    return EMPTY;
  }
}

function writePreviewProfile(profile: PreviewProfile) {
  const titles = Object.entries(profile.titles).slice(-MAX_TITLES);
  try {
    localStorage.setItem(
      PREVIEW_STORAGE_KEY,
      JSON.stringify({ ...profile, titles: Object.fromEntries(titles) }),
    );
  } catch {
    // Storage full or blocked: the preview still works, it just forgets.
  }
}

/** The preview's remembered fields and a setter that stores each change. */
export function usePreviewProfile() {
  const [profile, setProfile] = useState(readPreviewProfile);
  const update = useCallback((changes: Partial<PreviewProfile>) => {
    setProfile((current) => {
      const next = { ...current, ...changes };
      writePreviewProfile(next);
      return next;
    });
  }, []);
  const setTitle = useCallback(
    (imageId: string, title: string) =>
      setProfile((current) => {
        const { [imageId]: _replaced, ...others } = current.titles;
        const next = { ...current, titles: { ...others, [imageId]: title } };
        writePreviewProfile(next);
        return next;
      }),
    [],
  );
  return { profile, update, setTitle };
}
