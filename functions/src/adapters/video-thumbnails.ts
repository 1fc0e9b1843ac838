import { isVideoId } from '@thumbnail-studio/contract';
import type { ImageData } from '@thumbnail-studio/providers';
import { settings } from '../lib/settings';
import { loadSharp } from '../lib/sharp';
import { asFetchFailure, FetchFailure, fetchAllowed, readCapped } from './allowed-fetch';

export interface VideoThumbnailOptions {
  baseUrl: string;
  /** Limit for each request, body included. */
  timeoutMs: number;
  /** Largest body accepted, checked while it streams in. */
  maxBytes: number;
}

export type VideoThumbnailResult =
  | { ok: true; image: ImageData; url: string }
  /** 'not-found': no size exists; 'refused': off the allow-list; 'unavailable': failures of any other kind. */
  | { ok: false; reason: 'not-found' | 'refused' | 'unavailable'; detail: string };

/** Largest first; maxres is missing for many videos, hq exists for every one. Tried one after another. */
export const VIDEO_THUMBNAIL_SIZES = ['maxresdefault.jpg', 'sddefault.jpg', 'hqdefault.jpg'];
/** The video site's image hosts; the configured base URL's origin is added to these. */
const ALLOWED_ORIGINS = ['https://i.ytimg.com', 'https://img.youtube.com'];
/** The "no thumbnail" placeholder is 120x90; anything that small is not the video's own image. */
const PLACEHOLDER = { width: 120, height: 90 };

/**
 * Fetches a video's thumbnail server-side (never through public proxies):
 * maxres, then sd, then hq, from the video site's image host only. Redirects are
 * followed only to allowed hosts; each request has a timeout and a size cap;
 * only image responses larger than the placeholder count.
 */
export async function fetchVideoThumbnail(
  videoId: string,
  overrides: Partial<VideoThumbnailOptions> = {},
): Promise<VideoThumbnailResult> {
  const env = settings();
  const options: VideoThumbnailOptions = {
    baseUrl: env.VIDEO_THUMBNAIL_BASE_URL,
    timeoutMs: env.VIDEO_THUMBNAIL_TIMEOUT_MS,
    maxBytes: env.VIDEO_THUMBNAIL_MAX_BYTES,
    ...overrides,
  };
  if (!isVideoId(videoId)) return { ok: false, reason: 'refused', detail: 'not a video id' };
  const allowed = new Set([...ALLOWED_ORIGINS, new URL(options.baseUrl).origin]);
  const failures: FetchFailure[] = [];
  for (const size of VIDEO_THUMBNAIL_SIZES) {
    const url = `${options.baseUrl.replace(/\/+$/, '')}/${videoId}/${size}`;
    try {
      return { ok: true, image: await fetchImage(url, allowed, options), url };
    } catch (error) {
      const failure = asFetchFailure(error);
      if (failure.reason === 'refused') return { ok: false, reason: 'refused', detail: failure.message };
      failures.push(failure);
    }
  }
  const reason = failures.every((failure) => failure.reason === 'not-found') ? 'not-found' : 'unavailable';
  return { ok: false, reason, detail: failures.map((failure) => failure.message).join('; ') };
}

async function fetchImage(
  start: string,
  allowed: Set<string>,
  options: VideoThumbnailOptions,
): Promise<ImageData> {
  const response = await fetchAllowed(start, allowed, AbortSignal.timeout(options.timeoutMs));
  const url = response.url || start;
  if (response.status === 404) throw new FetchFailure('not-found', `${url}: 404`);
  if (!response.ok) throw new FetchFailure('unavailable', `${url}: ${response.status}`);
  const mimeType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mimeType.startsWith('image/'))
    throw new FetchFailure('unavailable', `${url}: ${mimeType || 'no type'}`);
  const bytes = await readCapped(response, options.maxBytes, url);
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width === 0) throw new FetchFailure('unavailable', `${url}: not a decodable image`);
  if (width <= PLACEHOLDER.width && height <= PLACEHOLDER.height) {
    throw new FetchFailure('not-found', `${url}: placeholder ${width}x${height}`);
  }
  return { bytes, mimeType };
}
