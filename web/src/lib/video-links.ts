import { isVideoId, VIDEO_LINK_IN_TEXT } from '@thumbnail-studio/contract';

/**
 * The video links written in a message, in order and without duplicates. Whether each one names a
 * video is the backend's call (it refuses the ones that do not), so near-misses are kept.
 */
export function findVideoLinks(text: string): string[] {
  const links = [...text.matchAll(VIDEO_LINK_IN_TEXT)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
  return [...new Set(links)];
}

/** A bare 11-character video id counts only when it is all that was pasted. */
export function pastedVideoId(pasted: string): string | undefined {
  const text = pasted.trim();
  return isVideoId(text) ? text : undefined;
}
