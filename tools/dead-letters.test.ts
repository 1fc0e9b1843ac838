import { describe, expect, it } from 'vitest';
import { describeDeadLetter, readDeadLetter } from './dead-letter-queue';
import { readOptions } from './dead-letters';

const QUEUE = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Test-JobsDlq';
const job = { jobId: 'job-1', conversationId: 'conv-1', userId: 'user-1' };

/** A message as ReceiveMessage returns it, with overrides. */
const received = (overrides: Record<string, unknown> = {}) => ({
  MessageId: 'm-1',
  ReceiptHandle: 'r-1',
  Body: JSON.stringify(job),
  Attributes: { SentTimestamp: String(Date.UTC(2026, 10, 23, 4)), ApproximateReceiveCount: '3' },
  ...overrides,
});

describe('reading a dead letter', () => {
  it('finds the job, its send time and how often it was delivered', () => {
    expect(readDeadLetter(received())).toEqual({
      messageId: 'm-1',
      receiptHandle: 'r-1',
      job,
      receiveCount: 3,
      sentAt: new Date('2026-11-23T04:00:00.000Z'),
    });
  });

  it('keeps a body that is not a job, without a job', () => {
    for (const Body of ['not json', JSON.stringify({ jobId: 'j' }), undefined]) {
      const letter = readDeadLetter(received({ Body }));
      expect(letter.job).toBeUndefined();
      expect(describeDeadLetter(letter)).toContain('not a job');
    }
  });

  it('describes a job by its ids, with its state when known', () => {
    const letter = readDeadLetter(received());
    expect(describeDeadLetter(letter, 'pending')).toBe(
      '2026-11-23T04:00:00.000Z  job job-1 of user user-1 in conversation conv-1  [pending]',
    );
    expect(describeDeadLetter({ ...letter, sentAt: undefined })).toMatch(/^unknown time {2}job job-1 /);
  });
});

describe('the command line', () => {
  it('takes one action on one queue', () => {
    expect(readOptions(['--queue', QUEUE, '--list'])).toEqual({
      action: 'list',
      queueUrl: QUEUE,
      messagesTable: undefined,
      creditsTable: undefined,
    });
    expect(readOptions(['--queue', QUEUE, '--redrive'])).toMatchObject({ action: 'redrive' });
  });

  it('refuses no action, two actions, or no queue', () => {
    expect(() => readOptions(['--queue', QUEUE])).toThrow(/exactly one of/);
    expect(() => readOptions(['--queue', QUEUE, '--list', '--refund'])).toThrow(/exactly one of/);
    expect(() => readOptions(['--list'])).toThrow(/--queue is required/);
    expect(() => readOptions(['--queue', QUEUE, '--list', '--purge'])).toThrow(/purge/);
  });

  it('refunds only with both tables, since a refund writes the job and the ledger', () => {
    expect(() => readOptions(['--queue', QUEUE, '--refund', '--messages-table', 'm'])).toThrow(
      /--credits-table/,
    );
    expect(
      readOptions(['--queue', QUEUE, '--refund', '--messages-table', 'm', '--credits-table', 'c']),
    ).toMatchObject({ action: 'refund', messagesTable: 'm', creditsTable: 'c' });
  });

  it('answers --help with the usage', () => {
    expect(readOptions(['--help'])).toBe('help');
  });
});
