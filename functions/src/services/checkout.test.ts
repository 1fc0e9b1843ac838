import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../lib/errors';
import { isDeclinedSession } from './checkout';

describe('a declined checkout session', () => {
  it('is told apart from every other coded error, which the webhook must fail on for Stripe to resend', () => {
    expect(isDeclinedSession(new ConflictError('Payment not completed'))).toBe(false);
    expect(isDeclinedSession(new NotFoundError('Checkout session not found'))).toBe(false);
    expect(isDeclinedSession(new Error('grant failed'))).toBe(false);
    expect(isDeclinedSession(undefined)).toBe(false);
  });
});
