import { describe, expect, it } from 'vitest';
import { isTransientError } from './transient-errors';

/** An error as Node or the AWS SDK throws it: a message with extra fields. */
const error = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('which errors of the cloud are transient', () => {
  it.each([
    ['a socket hang up', error('socket hang up', { code: 'ECONNRESET' })],
    ['a hang up without its code', error('socket hang up')],
    ['a reset connection', error('read ECONNRESET', { code: 'ECONNRESET' })],
    ['a refused connection', error('connect ECONNREFUSED', { code: 'ECONNREFUSED' })],
    ['a timed-out connection', error('connect ETIMEDOUT', { code: 'ETIMEDOUT' })],
    ['a broken pipe', error('write EPIPE', { code: 'EPIPE' })],
    ["the SDK's timeout", error('Connection timed out after 1000 ms', { name: 'TimeoutError' })],
    [
      'throttling',
      error('Rate exceeded', { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } }),
    ],
    ['a 429', error('Too many requests', { $metadata: { httpStatusCode: 429 } })],
    [
      "S3's slow down",
      error('Please reduce your request rate', { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }),
    ],
    [
      'a 500 from AWS',
      error('We encountered an internal error', {
        name: 'InternalError',
        $metadata: { httpStatusCode: 500 },
      }),
    ],
    ['a 503 from AWS', error('Service unavailable', { $metadata: { httpStatusCode: 503 } })],
    [
      'a reset wrapped as a cause',
      error('fetch failed', { cause: error('other side closed', { code: 'ECONNRESET' }) }),
    ],
  ])('%s is transient', (_, thrown) => {
    expect(isTransientError(thrown)).toBe(true);
  });

  it.each([
    [
      'a failed condition',
      error('The conditional request failed', {
        name: 'ConditionalCheckFailedException',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    [
      'a cancelled transaction',
      error('Transaction cancelled', {
        name: 'TransactionCanceledException',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    ['access denied', error('Access Denied', { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })],
    [
      'a missing table',
      error('Requested resource not found', {
        name: 'ResourceNotFoundException',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an abort', error('This operation was aborted', { name: 'AbortError', code: 'ECONNRESET' })],
    ['a job with no user message', new Error('the job has no user message')],
    ['a string', 'socket'],
    ['nothing', undefined],
  ])('%s is not', (_, thrown) => {
    expect(isTransientError(thrown)).toBe(false);
  });
});
