import { type ProviderLog, silentLog } from './log';
import { sleep } from './sleep';

/**
 * The provider client rules in one place, for both SDKs: a
 * timeout per attempt, retries on network errors, 408, 409, 429 and 5xx,
 * exponential back-off with jitter, and a server's retry-after honoured only
 * when under 60 s. A 429 whose retry-after the call cannot wait out (60 s or
 * more, or on its last attempt) ends it with a RateLimitedError that says how
 * long the server asked for, so the caller can come back then. The SDKs' own retries are turned off: the OpenAI SDK
 * honours a retry-after of any length and the Gemini SDK none, and neither
 * lets tests shorten the back-off. Uses only fetch and timers (no Node APIs).
 */

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Limit for one attempt, including reading the body. */
  timeoutMs: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** A server's retry-after is honoured only below this. */
export const RETRY_AFTER_LIMIT_MS = 60_000;

export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500;

/** Back-off for the given retry (0-based): doubling from the initial delay up to the cap, minus up to 25% jitter. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const base = Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
  return base * (1 - random() * 0.25);
}

/** The server's requested wait (retry-after-ms, or retry-after in seconds or as a date), however long. */
export function serverWaitMs(headers: Headers, now: number = Date.now()): number | undefined {
  const millis = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  let wait = Number.isNaN(millis) ? undefined : millis;
  const header = headers.get('retry-after');
  if (wait === undefined && header) {
    const seconds = Number.parseFloat(header);
    wait = Number.isNaN(seconds) ? Date.parse(header) - now : seconds * 1000;
  }
  return wait !== undefined && wait >= 0 ? wait : undefined;
}

/** The server's requested wait, if a retry may honour it (under RETRY_AFTER_LIMIT_MS). */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const wait = serverWaitMs(headers, now);
  return wait !== undefined && wait < RETRY_AFTER_LIMIT_MS ? wait : undefined;
}

/**
 * A provider's rate limit (429) that a call could not wait out: the server asked for
 * `retryAfterMs`. The message is the answer's body, as the SDKs put an error's body in theirs.
 */
export class RateLimitedError extends Error {
  constructor(
    readonly retryAfterMs: number,
    body: string,
  ) {
    super(body || 'rate limited');
    this.name = 'RateLimitedError';
  }
}

/** How long the server asked to wait, when `error` (or one it wraps, as the SDKs wrap a fetch's) is a RateLimitedError. */
export function rateLimitedFor(error: unknown): number | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof RateLimitedError) return cause.retryAfterMs;
    cause = cause.cause;
  }
  return undefined;
}

/** The total time a call may take: every attempt plus the longest waits between them. */
export const totalBudgetMs = (policy: RetryPolicy): number =>
  policy.timeoutMs * (policy.maxRetries + 1) + RETRY_AFTER_LIMIT_MS * policy.maxRetries;

/**
 * Wraps fetch with the retry rules above. A streamed request body can't be sent twice, so it
 * gets one attempt. Each retry is reported to `log` (the path only, never headers or the query).
 */
export function createRetryingFetch(
  policy: RetryPolicy,
  baseFetch: FetchLike = globalThis.fetch,
  log: ProviderLog = silentLog,
): FetchLike {
  return async (input, init = {}) => {
    const canRetry = !(init.body instanceof ReadableStream);
    for (let retry = 0; ; retry++) {
      const last = !canRetry || retry >= policy.maxRetries;
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let wait: number;
      try {
        const response = await baseFetch(input, { ...init, signal });
        if (!isRetryableStatus(response.status)) return response;
        const serverWait = serverWaitMs(response.headers);
        if (
          response.status === 429 &&
          serverWait !== undefined &&
          (last || serverWait >= RETRY_AFTER_LIMIT_MS)
        ) {
          throw new RateLimitedError(serverWait, await response.text().catch(() => ''));
        }
        if (last) return response;
        wait = retryAfterMs(response.headers) ?? backoffMs(retry, policy);
        await response.body?.cancel().catch(() => undefined);
        logRetry(log, input, `status ${response.status}`, retry, wait);
      } catch (error) {
        // The caller's own abort and a rate limit past waiting end the call; network errors and timeouts are retried.
        if (last || init.signal?.aborted || error instanceof RateLimitedError) throw error;
        wait = backoffMs(retry, policy);
        logRetry(log, input, error instanceof Error ? error.message : String(error), retry, wait);
      }
      await sleep(wait, init.signal);
    }
  };
}

function logRetry(
  log: ProviderLog,
  input: string | URL | Request,
  reason: string,
  retry: number,
  waitMs: number,
) {
  const url = input instanceof Request ? input.url : String(input);
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  log.warn('provider call retried', { path, reason, retry: retry + 1, waitMs });
}
