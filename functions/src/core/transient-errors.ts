/**
 * Whether an error of the cloud's own services is transient: the same call could succeed when made
 * again (a connection reset or timed out, a throttled or 5xx answer from AWS). Such a job goes back
 * to the queue instead of being refunded. Provider answers are not judged here: a provider's
 * failure comes back as a result with its own text, after the provider's own retries.
 */
export function isTransientError(error: unknown): boolean {
  for (let cause = error, depth = 0; isObject(cause) && depth < 5; cause = cause.cause, depth++) {
    if (cause.name === 'AbortError') return false;
    if (typeof cause.code === 'string' && TRANSIENT_CODES.has(cause.code)) return true;
    if (typeof cause.name === 'string' && TRANSIENT_NAMES.has(cause.name)) return true;
    if (typeof cause.message === 'string' && /socket hang up/i.test(cause.message)) return true;
    const status = isObject(cause.$metadata) ? cause.$metadata.httpStatusCode : undefined;
    if (typeof status === 'number' && (status === 429 || status >= 500)) return true;
  }
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Node's codes for a connection that broke, was refused or timed out. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);

/** The SDK's names for a timeout, and AWS's throttling and busy errors. */
const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionInProgressException',
]);
