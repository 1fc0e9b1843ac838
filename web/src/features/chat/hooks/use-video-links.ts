import { useCallback, useEffect } from 'react';
import { findVideoLinks, pastedVideoId } from '../../../lib/video-links';
import type { Attachments } from './use-attachments';

/** Typed links are looked at once typing pauses, so a half-written link is not reported as invalid. */
const TYPING_PAUSE_MS = 600;

/**
 * Attaches the thumbnail of every video link in the message: pasted links (or a bare video id pasted
 * alone) at once, typed ones after a pause. `detectNow` returns true when it started a fetch, so a send can wait.
 */
export function useVideoLinks(text: string, attachments: Attachments) {
  const { addVideoLink, syncWithText, knows } = attachments;

  const detectNow = useCallback(
    (value: string) => {
      const links = findVideoLinks(value).filter((link) => !knows(link));
      for (const link of links) addVideoLink(link);
      return links.length > 0;
    },
    [addVideoLink, knows],
  );

  useEffect(() => {
    const timer = setTimeout(() => {
      syncWithText(text);
      detectNow(text);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, syncWithText, detectNow]);

  const onPaste = useCallback(
    (pasted: string) => {
      const videoId = pastedVideoId(pasted);
      if (videoId) addVideoLink(videoId);
      else detectNow(pasted);
    },
    [addVideoLink, detectNow],
  );

  return { detectNow, onPaste };
}
