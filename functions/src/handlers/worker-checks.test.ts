import type { Context, SQSEvent } from 'aws-lambda';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_MIN_MS, CHECK_RESERVE_MS } from '../core/check-time';
import type { AnsweredJob } from '../services/legibility-check';

/** The checks after a job, run by the worker in the time its invocation has left. */
const runGenerationJob = vi.hoisted(() => vi.fn());
const saveImageCheck = vi.hoisted(() => vi.fn(async () => {}));
const findThumbnailFaces = vi.hoisted(() => vi.fn());
const readWords = vi.hoisted(() => vi.fn(async () => []));
vi.mock('../services/generation-job', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../services/generation-job')>()),
  runGenerationJob,
}));
vi.mock('../data/jobs-repo', () => ({ saveImageCheck }));
vi.mock('../adapters/face-reader', () => ({ findThumbnailFaces, findPhotoFace: vi.fn() }));
vi.mock('../adapters/text-reader', () => ({ readWords }));

const { handler } = await import('./worker');

const job = { jobId: 'job-1', conversationId: 'c-1', userId: 'u-1' };
const record = { messageId: 'm-1', body: JSON.stringify(job) } as unknown as SQSEvent['Records'][number];
const image = new Uint8Array(
  await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer(),
);
const answered = {
  job: { id: 'job-1', conversation_id: 'c-1' },
  image,
  prompt: 'A "BIG" title',
  people: [],
} as unknown as AnsweredJob;

/** An invocation that ends `ms` from now, by the (possibly faked) clock. */
const endingIn = (ms: number) => {
  const end = Date.now() + ms;
  return { getRemainingTimeInMillis: () => end - Date.now() } as Context;
};

const checksRecorded = () => saveImageCheck.mock.calls.map((call) => (call as unknown[]).slice(1));

beforeEach(() => {
  runGenerationJob.mockReset().mockResolvedValue(answered);
  saveImageCheck.mockClear();
  readWords.mockClear();
  findThumbnailFaces.mockReset().mockResolvedValue([]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the checks after a job', () => {
  it('run with time to spare, and record both results', async () => {
    expect(await handler({ Records: [record] }, endingIn(60_000))).toEqual({ batchItemFailures: [] });
    expect(findThumbnailFaces).toHaveBeenCalled();
    expect(readWords).toHaveBeenCalled();
    expect(checksRecorded().map(([check]) => check)).toEqual(['likeness', 'legibility']);
    expect(checksRecorded()[1]?.[1]).not.toBeNull();
  });

  it('are not started with too little time left: the verdict is null, and the record succeeds', async () => {
    const context = endingIn(CHECK_RESERVE_MS + CHECK_MIN_MS - 1);
    expect(await handler({ Records: [record] }, context)).toEqual({ batchItemFailures: [] });
    expect(findThumbnailFaces).not.toHaveBeenCalled();
    expect(readWords).not.toHaveBeenCalled();
    // No likeness, and a null verdict: the chat stops following the image.
    expect(checksRecorded()).toEqual([['legibility', null]]);
  });

  it('give up a check still running when the time is up, and make no other', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    findThumbnailFaces.mockReturnValue(new Promise(() => {}));
    let answer: unknown;
    void handler({ Records: [record] }, endingIn(CHECK_RESERVE_MS + CHECK_MIN_MS)).then((response) => {
      answer = response;
    });
    await vi.advanceTimersByTimeAsync(CHECK_MIN_MS);

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(findThumbnailFaces).toHaveBeenCalledOnce();
    expect(readWords).not.toHaveBeenCalled();
    expect(checksRecorded()).toEqual([['legibility', null]]);
  });
});
