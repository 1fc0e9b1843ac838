import { describe, expect, it } from 'vitest';
import {
  creditsOwedBack,
  noReturns,
  sameReturns,
  takeBackChange,
  withDispute,
  withdrawnCents,
  withRefund,
} from './payment-returns';

const pro = noReturns(2999); // 60 credits for $29.99

describe('creditsOwedBack', () => {
  it('owes back the refunded share, rounded down, and every credit for the whole amount', () => {
    expect(creditsOwedBack(60, withRefund(pro, 100))).toBe(2); // 2.0007
    expect(creditsOwedBack(60, withRefund(pro, 49))).toBe(0); // 0.98: the creator keeps the fraction
    expect(creditsOwedBack(60, withRefund(pro, 2998))).toBe(59);
    expect(creditsOwedBack(60, withRefund(pro, 2999))).toBe(60);
  });

  it('rounds the cumulative share, so several refunds never round down more than one would', () => {
    // Three refunds of $0.49 each round to 0 alone; together they are $1.47, 2.94 credits.
    const thrice = withRefund(withRefund(withRefund(pro, 49), 98), 147);
    expect(creditsOwedBack(60, thrice)).toBe(2);
  });

  it('is not moved by a repeated or a late, smaller cumulative refund', () => {
    const twice = withRefund(withRefund(pro, 200), 100);
    expect(twice.refundedCents).toBe(200);
    expect(creditsOwedBack(60, twice)).toBe(4);
  });

  it('counts an open or lost dispute, not an inquiry or a won one, and never more than was paid', () => {
    const disputed = withDispute(pro, 'dp_1', { amountCents: 2999, status: 'needs_response' });
    expect(withdrawnCents(disputed)).toBe(2999);
    expect(
      withdrawnCents(withDispute(pro, 'dp_1', { amountCents: 2999, status: 'warning_needs_response' })),
    ).toBe(0);
    expect(withdrawnCents(withDispute(disputed, 'dp_1', { amountCents: 2999, status: 'won' }))).toBe(0);
    expect(withdrawnCents(withDispute(disputed, 'dp_1', { amountCents: 2999, status: 'lost' }))).toBe(2999);
    const refundedThenDisputed = withDispute(withRefund(pro, 1000), 'dp_2', {
      amountCents: 2999,
      status: 'under_review',
    });
    expect(creditsOwedBack(60, refundedThenDisputed)).toBe(60);
  });

  it('keeps a closed dispute closed when its opening is reported late', () => {
    const lost = withDispute(pro, 'dp_1', { amountCents: 500, status: 'lost' });
    const late = withDispute(lost, 'dp_1', { amountCents: 500, status: 'needs_response' });
    expect(late).toBe(lost);
    const won = withDispute(pro, 'dp_1', { amountCents: 500, status: 'won' });
    expect(withdrawnCents(withDispute(won, 'dp_1', { amountCents: 500, status: 'needs_response' }))).toBe(0);
  });

  it('tells a report with news from one without', () => {
    const refunded = withRefund(pro, 100);
    expect(sameReturns(refunded, withRefund(refunded, 100))).toBe(true);
    expect(sameReturns(refunded, withRefund(refunded, 200))).toBe(false);
    const disputed = withDispute(refunded, 'dp_1', { amountCents: 100, status: 'needs_response' });
    expect(sameReturns(refunded, disputed)).toBe(false);
    expect(sameReturns(disputed, withDispute(disputed, 'dp_1', { amountCents: 100, status: 'lost' }))).toBe(
      false,
    );
  });
});

describe('takeBackChange', () => {
  it('takes only the difference between the share owed now and the share already settled', () => {
    expect(takeBackChange({ settled: 0, taken: 0 }, 2, 63)).toEqual({ settled: 2, taken: 2, change: -2 });
    expect(takeBackChange({ settled: 2, taken: 2 }, 4, 61)).toEqual({ settled: 4, taken: 4, change: -2 });
    expect(takeBackChange({ settled: 4, taken: 4 }, 4, 59)).toEqual({ settled: 4, taken: 4, change: 0 });
  });

  it('never takes the balance below zero, and never asks later for what was spent', () => {
    expect(takeBackChange({ settled: 0, taken: 0 }, 25, 9)).toEqual({ settled: 25, taken: 9, change: -9 });
    expect(takeBackChange({ settled: 25, taken: 9 }, 25, 100)).toEqual({ settled: 25, taken: 9, change: 0 });
    expect(takeBackChange({ settled: 0, taken: 0 }, 5, 0)).toEqual({ settled: 5, taken: 0, change: 0 });
  });

  it('gives back what a won dispute reinstates, never more than was taken', () => {
    expect(takeBackChange({ settled: 60, taken: 60 }, 0, 3)).toEqual({ settled: 0, taken: 0, change: 60 });
    expect(takeBackChange({ settled: 60, taken: 40 }, 0, 0)).toEqual({ settled: 0, taken: 0, change: 40 });
  });
});
