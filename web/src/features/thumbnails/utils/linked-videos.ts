import { isVideoId, parseVideoLink, VIDEO_LINK_IN_TEXT } from '@thumbnail-studio/contract';
import type { ViewMessage } from '../../../lib/to-view-message';
import { findVideoLinks } from '../../../lib/video-links';

/** A video the creator linked in the conversation: its id and its thumbnail as stored with the message. */
export interface LinkedVideo {
  videoId: string;
  thumbnailUrl: string;
}

/** The videos a message's text links to, in order: valid links, or a bare id sent alone. */
function videoIdsIn(text: string): string[] {
  const trimmed = text.trim();
  if (isVideoId(trimmed)) return [trimmed];
  return findVideoLinks(text).flatMap((link) => {
    const result = parseVideoLink(link);
    return result.ok ? [result.videoId] : [];
  });
}

/**
 * The thumbnails of the videos linked in the user's messages, oldest first, one per video. A
 * message sends its video thumbnails before its uploaded images (`useAttachments`), so its first
 * references are its links' thumbnails, one per valid link in its text.
 */
export function linkedVideos(messages: readonly ViewMessage[]): LinkedVideo[] {
  const seen = new Set<string>();
  const videos: LinkedVideo[] = [];
  for (const message of messages) {
    if (message.type !== 'user') continue;
    videoIdsIn(message.content).forEach((videoId, i) => {
      const thumbnailUrl = message.uploadedImages[i];
      if (!thumbnailUrl || seen.has(videoId)) return;
      seen.add(videoId);
      videos.push({ videoId, thumbnailUrl });
    });
  }
  return videos;
}

/** Text without its video links, spaces tidied: a prompt as a video's title. */
export function withoutVideoLinks(text: string): string {
  return text.replace(VIDEO_LINK_IN_TEXT, ' ').replace(/\s+/g, ' ').trim();
}
