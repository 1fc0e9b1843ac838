/**
 * Server-side fetches of the video site (thumbnails, oEmbed titles): only allow-listed origins
 * are contacted, redirects included, and a body is read only up to a cap.
 */

export type FetchFailureReason = 'not-found' | 'refused' | 'unavailable';

export class FetchFailure extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** Any error as a `FetchFailure`: a timeout, a refused connection and the like are 'unavailable'. */
export const asFetchFailure = (error: unknown): FetchFailure =>
  error instanceof FetchFailure ? error : new FetchFailure('unavailable', String(error));

const MAX_REDIRECTS = 3;

/**
 * GETs `start`, following at most 3 redirects, each to an origin in `allowed` (any other is
 * 'refused' before it is contacted). Answers the final response, whatever its status.
 */
export async function fetchAllowed(
  start: string,
  allowed: Set<string>,
  signal: AbortSignal,
): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (!allowed.has(new URL(url).origin)) throw new FetchFailure('refused', `${url} is not an allowed host`);
    const response = await fetch(url, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
      await response.body?.cancel();
      url = new URL(location, url).toString();
      continue;
    }
    return response;
  }
}

/** Reads a body, giving up as soon as it passes the cap (a declared length over it is refused unread). */
export async function readCapped(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const tooLarge = () => new FetchFailure('unavailable', `${url}: larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
