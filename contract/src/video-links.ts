/**
 * Video links: a youtube.com or youtu.be link (watch, short-link, embed, v and
 * shorts forms) or a bare 11-character id. Parsing returns a result instead of
 * throwing, since an invalid link is an expected outcome: the message is
 * then sent without it.
 */

import { INVALID_VIDEO_LINK_TEXT } from './texts';

export type VideoLinkResult =
  | { ok: true; videoId: string }
  | { ok: false; error: typeof INVALID_VIDEO_LINK_TEXT };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const SHORT_HOST = 'youtu.be';
/** Path forms that carry the id as their second segment: /embed/ID, /v/ID, /shorts/ID. */
const ID_PATHS = new Set(['embed', 'v', 'shorts']);

/** True for a string that is a video id as the site writes them: 11 letters, digits, '-' or '_'. */
export const isVideoId = (value: string): boolean => VIDEO_ID.test(value);

const invalid: VideoLinkResult = { ok: false, error: INVALID_VIDEO_LINK_TEXT };
const found = (videoId: string | null | undefined): VideoLinkResult =>
  videoId && isVideoId(videoId) ? { ok: true, videoId } : invalid;

/**
 * Extracts the video id from a link on youtube.com (with or without www. or
 * m.) or youtu.be, in the watch, short-link, embed, v and shorts forms, or
 * from a bare 11-character id. Anything else is 'Invalid YouTube URL'.
 */
export function parseVideoLink(input: string): VideoLinkResult {
  const text = input.trim();
  if (isVideoId(text)) return { ok: true, videoId: text };
  const url = toUrl(text);
  if (!url) return invalid;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0);
  if (host === SHORT_HOST) return segments.length === 1 ? found(segments[0]) : invalid;
  if (!WATCH_HOSTS.has(host)) return invalid;
  if (segments.length === 1 && segments[0] === 'watch') return found(url.searchParams.get('v'));
  if (segments.length === 2 && ID_PATHS.has(segments[0] ?? '')) return found(segments[1]);
  return invalid;
}

/** Parses http(s) links, also written without a scheme ("youtu.be/ID"). */
function toUrl(text: string): URL | undefined {
  if (/\s/.test(text)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Candidate links in free text: one of the video site's hosts, not inside a longer host name. */
export const VIDEO_LINK_IN_TEXT =
  /(?<![\w.-])(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com|youtu\.be)\/[^\s<>"')\]]*/gi;

/**
 * Finds the first valid video link in a chat message. Bare ids are not
 * looked for in free text, where any 11-letter word ("spectacular") would
 * match; invalid links are ignored, as the message is sent without them.
 */
export function findVideoLink(text: string): { url: string; videoId: string } | undefined {
  for (const match of text.matchAll(VIDEO_LINK_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    const result = parseVideoLink(url);
    if (result.ok) return { url, videoId: result.videoId };
  }
  return undefined;
}
