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
  /** Serves `response` at `path` (e.g. '/vi/ID/maxresdefault.jpg'); other paths answer 404. */
  serve(path: string, response: HostedImage): void;
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

/** A fake of the video site's image host (i.ytimg.com) on loopback; a free port unless one is given. */
export async function startVideoImageHost(port = 0): Promise<FakeVideoImageHost> {
  const served = new Map<string, HostedImage>();
  const http: HttpFake = await startHttpFake((request, res) => {
    const image = served.get(request.path);
    if (image?.stall) return;
    if (!image) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('Not Found');
      return;
    }
    answer(res, image);
  }, port);
  return {
    url: `${http.origin}/vi`,
    origin: http.origin,
    requests: http.requests,
    serve: (path, response) => {
      served.set(path, response);
    },
    reset: () => {
      served.clear();
      http.requests.length = 0;
    },
    stop: () => http.stop(),
  };
}
