import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runGenerationJob = vi.hoisted(() => vi.fn(async () => {}));
const retryJobAfter = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../adapters/job-queue', () => ({ retryJobAfter }));
vi.mock('../services/generation-job', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../services/generation-job')>()),
  runGenerationJob,
}));

const { handler, jobDeadlineMs, SETTLE_RESERVE_MS } = await import('./worker');
const { JobHandedBackError } = await import('../services/generation-job');
const { settings } = await import('../lib/settings');

const record = (body: string, messageId = 'm-1') =>
  ({ messageId, body }) as unknown as SQSEvent['Records'][number];
const job = { jobId: 'job-1', conversationId: 'c-1', userId: 'u-1' };

beforeEach(() => {
  runGenerationJob.mockReset();
  retryJobAfter.mockClear();
});

describe('the worker handler', () => {
  it.each([
    ['not JSON', '{"jobId":'],
    ['JSON of the wrong shape', '{"jobId":42}'],
    ['empty', ''],
  ])('drops a malformed record (%s) without asking SQS to retry it', async (_name, body) => {
    expect(await handler({ Records: [record(body)] })).toEqual({ batchItemFailures: [] });
    expect(runGenerationJob).not.toHaveBeenCalled();
  });

  it('runs a job with the configured deadline, and reports only a record whose job threw', async () => {
    runGenerationJob.mockRejectedValueOnce(new Error('DynamoDB down'));
    const response = await handler({
      Records: [record(JSON.stringify(job), 'fails'), record(JSON.stringify(job), 'works')],
    });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'fails' }] });
    expect(runGenerationJob).toHaveBeenCalledWith(job, settings().JOB_DEADLINE_MS, true);
  });

  it('asks the queue for a failed record back after JOB_RETRY_DELAY_SECONDS, or after the wait its provider asked for', async () => {
    runGenerationJob
      .mockRejectedValueOnce(new JobHandedBackError('job-1', {}))
      .mockRejectedValueOnce(new JobHandedBackError('job-1', {}, 120));
    const delivery = (receiptHandle: string) =>
      ({ ...record(JSON.stringify(job), receiptHandle), receiptHandle }) as SQSEvent['Records'][number];
    const response = await handler({ Records: [delivery('transient'), delivery('rate-limited')] });
    expect(response.batchItemFailures).toHaveLength(2);
    expect(retryJobAfter.mock.calls).toEqual([
      ['transient', settings().JOB_RETRY_DELAY_SECONDS],
      ['rate-limited', 120],
    ]);
  });

  it("tells the job whether this is the queue's last delivery, after which no transient failure may be retried", async () => {
    const delivery = (count: number) =>
      ({
        ...record(JSON.stringify(job)),
        attributes: { ApproximateReceiveCount: String(count) },
      }) as SQSEvent['Records'][number];
    await handler({ Records: [delivery(1), delivery(2), delivery(3)] });
    expect(runGenerationJob.mock.calls.map((call) => (call as unknown[])[2])).toEqual([false, false, true]);
  });
});

describe('jobDeadlineMs', () => {
  const remaining = (ms: number) => ({ getRemainingTimeInMillis: () => ms });

  it('is the setting when the invocation has time to spare', () => {
    expect(jobDeadlineMs(undefined)).toBe(9 * 60_000);
    expect(jobDeadlineMs(remaining(10 * 60_000))).toBe(9 * 60_000);
  });

  it("keeps time to settle before the invocation's own end", () => {
    expect(jobDeadlineMs(remaining(5 * 60_000))).toBe(5 * 60_000 - SETTLE_RESERVE_MS);
    expect(jobDeadlineMs(remaining(1_000))).toBe(1);
  });
});
