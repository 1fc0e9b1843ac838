/** Links on the video site's hosts (youtube.com with or without www./m., youtu.be), not inside a longer host. */
const LINK_IN_TEXT = /(?<![\w.-])(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com|youtu\.be)\/[^\s<>"')\]]*/gi;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video links written in a message, in order and without duplicates. Whether each one names a
 * video is the backend's call (it refuses the ones that do not), so near-misses are kept.
 */
export function findVideoLinks(text: string): string[] {
  const links = [...text.matchAll(LINK_IN_TEXT)].map((match) => match[0].replace(/[.,;:!?]+$/, ''));
  return [...new Set(links)];
}

/** A bare 11-character video id counts only when it is all that was pasted. */
export function pastedVideoId(pasted: string): string | undefined {
  const text = pasted.trim();
  return VIDEO_ID.test(text) ? text : undefined;
}
