import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backoffMs,
  createRetryingFetch,
  isRetryableStatus,
  RateLimitedError,
  type RetryPolicy,
  rateLimitedFor,
  retryAfterMs,
} from './retrying-fetch';

const policy: RetryPolicy = { maxRetries: 2, timeoutMs: 1_000, initialDelayMs: 1, maxDelayMs: 2 };
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response('{}', { status, headers });
/** A stand-in for fetch that answers from a script and counts calls. */
const scripted = (...steps: (Response | Error)[]) =>
  vi.fn(async () => {
    const step = steps.shift();
    if (!step) throw new Error('script ran out');
    if (step instanceof Error) throw step;
    return step;
  });
const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('provider retry rules', () => {
  it('retries network errors, 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });

  it('backs off from 0.5 s, doubling, up to 8 s, with up to 25% jitter', () => {
    const spec: RetryPolicy = { maxRetries: 2, timeoutMs: 600_000, initialDelayMs: 500, maxDelayMs: 8_000 };
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffMs(retry, spec, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffMs(0, spec, () => 1)).toBe(375);
  });

  it('honours retry-after only under 60 s', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(
      retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), Date.UTC(2026, 0, 1)),
    ).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after': '60' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-1' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});

describe('createRetryingFetch', () => {
  it('retries retryable answers and network errors, then returns the success', async () => {
    quiet();
    const base = scripted(answer(503), new TypeError('fetch failed'), answer(200));
    const response = await createRetryingFetch(policy, base)('http://x/', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(base).toHaveBeenCalledTimes(3);
  });

  it('returns the last failing answer once the retries are spent', async () => {
    quiet();
    const base = scripted(answer(500), answer(500), answer(429));
    expect((await createRetryingFetch(policy, base)('http://x/')).status).toBe(429);
    expect(base).toHaveBeenCalledTimes(3);
  });

  it('ends the call at once on a 429 whose retry-after is too long to wait, saying how long', async () => {
    const base = scripted(
      new Response('{"error":"slow down"}', { status: 429, headers: { 'retry-after': '120' } }),
    );
    const call = createRetryingFetch(policy, base)('http://x/');
    await expect(call).rejects.toBeInstanceOf(RateLimitedError);
    await expect(call).rejects.toMatchObject({ retryAfterMs: 120_000, message: '{"error":"slow down"}' });
    expect(base).toHaveBeenCalledTimes(1);
  });

  it('ends the call with the retry-after of a 429 still there on the last attempt', async () => {
    quiet();
    const limited = () => answer(429, { 'retry-after': '0' });
    const base = scripted(limited(), limited(), answer(429, { 'retry-after': '2' }));
    await expect(createRetryingFetch(policy, base)('http://x/')).rejects.toMatchObject({
      retryAfterMs: 2_000,
    });
    expect(base).toHaveBeenCalledTimes(3);
  });

  it('finds a rate limit inside the errors an SDK wraps it in', () => {
    const limited = new RateLimitedError(3_000, '');
    expect(rateLimitedFor(new Error('Connection error.', { cause: limited }))).toBe(3_000);
    expect(rateLimitedFor(new Error('other'))).toBeUndefined();
    expect(rateLimitedFor('not an error')).toBeUndefined();
  });

  it('throws the last network error once the retries are spent', async () => {
    quiet();
    const base = scripted(new TypeError('a'), new TypeError('b'), new TypeError('c'));
    await expect(createRetryingFetch(policy, base)('http://x/')).rejects.toThrow('c');
  });

  it('does not retry other statuses, a streamed body or a call its caller aborted', async () => {
    quiet();
    const client = scripted(answer(400));
    expect((await createRetryingFetch(policy, client)('http://x/')).status).toBe(400);
    expect(client).toHaveBeenCalledTimes(1);

    const streamed = scripted(answer(500));
    const body = new ReadableStream({ start: (c) => c.close() });
    expect((await createRetryingFetch(policy, streamed)('http://x/', { method: 'POST', body })).status).toBe(
      500,
    );
    expect(streamed).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    const aborted = scripted(new Error('aborted'));
    await expect(
      createRetryingFetch(policy, aborted)('http://x/', { signal: controller.signal }),
    ).rejects.toThrow();
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it('gives each attempt a timeout signal', async () => {
    const base = vi.fn(async (_input: unknown, init?: RequestInit) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      return answer(200);
    });
    await createRetryingFetch(policy, base)('http://x/');
    expect(base).toHaveBeenCalledTimes(1);
  });
});
