import type { ServerResponse } from 'node:http';
import { type HttpFake, type RecordedRequest, startHttpFake } from './fake-http';

/** How the fake answers one path. */
export interface HostedImage {
  status?: number;
  body?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  /** Send the body in chunks without a content-length, so only a streaming size check can catch it. */
  chunked?: boolean;
  /** Never answer. */
  stall?: boolean;
}

export interface FakeVideoImageHost {
  /** The base URL to configure (`VIDEO_THUMBNAIL_BASE_URL`), ending in /vi. */
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** The oEmbed endpoint to configure (`VIDEO_OEMBED_URL`), ending in /oembed. */
  oembedUrl: string;
  /**
   * Serves `response` at `path` (e.g. '/vi/ID/maxresdefault.jpg'), matched with its query or
   * without one; other paths answer 404.
   */
  serve(path: string, response: HostedImage): void;
  /** `GET /oembed?url=<the video's watch link>&format=json` answers this title, as the video site's oEmbed does. */
  serveTitle(videoId: string, title: string): void;
  /** Forgets every served path and recorded request. */
  reset(): void;
  stop(): Promise<void>;
}

function answer(res: ServerResponse, image: HostedImage) {
  const body = image.body ?? new Uint8Array();
  const headers = { 'content-type': image.contentType ?? 'image/jpeg', ...image.headers };
  if (!image.chunked) {
    res.writeHead(image.status ?? 200, { ...headers, 'content-length': String(body.length) }).end(body);
    return;
  }
  res.writeHead(image.status ?? 200, headers);
  for (let offset = 0; offset < body.length; offset += 64 * 1024)
    res.write(body.subarray(offset, offset + 64 * 1024));
  res.end();
}

/** The video site's oEmbed answer for a video, in its own shape. */
const oembedAnswer = (title: string): HostedImage => ({
  contentType: 'application/json',
  body: new TextEncoder().encode(
    JSON.stringify({
      title,
      author_name: 'Fake Channel',
      type: 'video',
      version: '1.0',
      provider_name: 'YouTube',
      thumbnail_url: 'https://i.ytimg.com/vi/fake/hqdefault.jpg',
      html: '<iframe></iframe>',
    }),
  ),
});

/** The title served for an oEmbed request (`/oembed?url=...&format=json`), if its video has one. */
function oembedOf(path: string, titles: Map<string, string>): HostedImage | undefined {
  const url = new URL(path, 'http://fake');
  if (url.pathname !== '/oembed' || url.searchParams.get('format') !== 'json') return undefined;
  const videoId = new URL(url.searchParams.get('url') ?? '', 'http://fake').searchParams.get('v') ?? '';
  const title = titles.get(videoId);
  return title === undefined ? undefined : oembedAnswer(title);
}

/**
 * A fake of the video site on loopback: its image host (i.ytimg.com) and its oEmbed endpoint
 * (www.youtube.com/oembed); a free port unless one is given.
 */
export async function startVideoImageHost(port = 0): Promise<FakeVideoImageHost> {
  const served = new Map<string, HostedImage>();
  const titles = new Map<string, string>();
  const http: HttpFake = await startHttpFake((request, res) => {
    const image =
      served.get(request.path) ??
      served.get(request.path.split('?')[0] ?? '') ??
      oembedOf(request.path, titles);
    if (image?.stall) return;
    if (!image) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('Not Found');
      return;
    }
    answer(res, image);
  }, port);
  return {
    url: `${http.origin}/vi`,
    oembedUrl: `${http.origin}/oembed`,
    origin: http.origin,
    requests: http.requests,
    serve: (path, response) => {
      served.set(path, response);
    },
    serveTitle: (videoId, title) => {
      titles.set(videoId, title);
    },
    reset: () => {
      served.clear();
      titles.clear();
      http.requests.length = 0;
    },
    stop: () => http.stop(),
  };
}
