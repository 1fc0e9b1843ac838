import { isVideoId } from '@thumbnail-studio/contract';
import * as z from 'zod/mini';
import { settings } from '../lib/settings';
import {
  asFetchFailure,
  FetchFailure,
  type FetchFailureReason,
  fetchAllowed,
  readCapped,
} from './allowed-fetch';

export interface VideoTitleOptions {
  /** The oEmbed endpoint, asked `?url=<watch link>&format=json`. */
  oembedUrl: string;
  /** Limit for the request, body included. */
  timeoutMs: number;
  /** Largest body accepted, checked while it streams in. */
  maxBytes: number;
}

export type VideoTitleResult =
  | { ok: true; title: string }
  /** 'not-found': the video has no oEmbed answer; 'refused': off the allow-list; 'unavailable': anything else. */
  | { ok: false; reason: FetchFailureReason; detail: string };

/** The video site's own hosts; the configured endpoint's origin is added to these. */
const ALLOWED_ORIGINS = ['https://www.youtube.com', 'https://youtube.com'];

/** The one field read of an oEmbed answer; the rest (author, sizes, HTML) is ignored. */
const oembedSchema = z.object({ title: z.string().check(z.trim(), z.minLength(1)) });

/** The link the oEmbed endpoint is asked about: the video's watch page. */
export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/**
 * Reads a video's own title from the video site's oEmbed endpoint, server-side: only the video
 * site's hosts and the configured endpoint are contacted (redirects included), with a timeout and
 * a size cap; the answer must be JSON with a non-empty `title`. Never throws.
 */
export async function fetchVideoTitle(
  videoId: string,
  overrides: Partial<VideoTitleOptions> = {},
): Promise<VideoTitleResult> {
  const env = settings();
  const options: VideoTitleOptions = {
    oembedUrl: env.VIDEO_OEMBED_URL,
    timeoutMs: env.VIDEO_OEMBED_TIMEOUT_MS,
    maxBytes: env.VIDEO_OEMBED_MAX_BYTES,
    ...overrides,
  };
  if (!isVideoId(videoId)) return { ok: false, reason: 'refused', detail: 'not a video id' };
  const url = new URL(options.oembedUrl);
  url.searchParams.set('url', watchUrl(videoId));
  url.searchParams.set('format', 'json');
  const allowed = new Set([...ALLOWED_ORIGINS, url.origin]);
  try {
    return { ok: true, title: await readTitle(url.toString(), allowed, options) };
  } catch (error) {
    const failure = asFetchFailure(error);
    return { ok: false, reason: failure.reason, detail: failure.message };
  }
}

async function readTitle(url: string, allowed: Set<string>, options: VideoTitleOptions): Promise<string> {
  const response = await fetchAllowed(url, allowed, AbortSignal.timeout(options.timeoutMs));
  // The endpoint answers 404 for an unknown video, 401 or 403 for a private or unembeddable one.
  if ([401, 403, 404].includes(response.status)) {
    await response.body?.cancel();
    throw new FetchFailure('not-found', `${url}: ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchFailure('unavailable', `${url}: ${response.status}`);
  }
  const text = new TextDecoder().decode(await readCapped(response, options.maxBytes, url));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new FetchFailure('unavailable', `${url}: not JSON`);
  }
  const parsed = oembedSchema.safeParse(body);
  if (!parsed.success) throw new FetchFailure('unavailable', `${url}: no title`);
  return parsed.data.title;
}
