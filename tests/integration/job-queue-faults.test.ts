import { describe, expect, it } from 'vitest';
import { ledgerKeys } from '../../functions/src/core/credits';
import { SDK_MAX_ATTEMPTS } from '../../functions/src/lib/sdk-clients';
import { HANG_UP_FAULT_KEY } from '../../local/storage/gate';
import { queueStats, waitForSettled } from '../support/jobs';
import { ledgerFindings, readCreditItems } from '../support/ledger';
import { useLocalCloud } from '../support/local-cloud';
import { WITHOUT_IMAGE_CHECKS } from '../support/local-cloud-process';
import { listKeys, putObject } from '../support/storage';
import { newUserWithConversation } from '../support/users';

/**
 * The queue as AWS runs it: a job that meets a transient storage failure goes back to the queue
 * and ends done, charged once; no more jobs run at once than the worker's concurrency.
 */
const CONCURRENCY = 2;

const cloud = useLocalCloud({
  LOCAL_WORKER_CONCURRENCY: String(CONCURRENCY),
  // Long enough that a burst's jobs would overlap without the cap.
  LOCAL_PROVIDER_DELAY_MS: '1000',
  // The queue's own retry delay is long: a failed job comes back soon only because the worker
  // asks for it (ChangeMessageVisibility after JOB_RETRY_DELAY_SECONDS).
  LOCAL_QUEUE_RETRY_MS: '600000',
  JOB_RETRY_DELAY_SECONDS: '1',
  ...WITHOUT_IMAGE_CHECKS,
});

const newUser = (name: string) => newUserWithConversation(cloud, name);

/** Drops the connection of every storage request whose key matches `keyPattern` (see the storage gate). */
const hangUpStorage = (keyPattern: string, count?: number) =>
  putObject(
    cloud.runtime,
    HANG_UP_FAULT_KEY,
    new TextEncoder().encode(JSON.stringify({ keyPattern, count })),
  );

describe('the job queue against transient failures and bursts', () => {
  it('sends a job whose images could not be stored back to the queue, and it ends done with its credit committed once', async () => {
    const { api, send, userId } = await newUser('hang-up');
    // Every store of a job's first delivery (its images go under attempt 1) loses its connection,
    // through every retry of the SDK; the next delivery stores under attempt 2.
    await hangUpStorage(`^images/${userId}/[^/]+/1/`);

    const sent = await send({ content: 'A lighthouse in a storm "HOLD ON"' });
    expect(sent.status).toBe(202);
    const jobId = sent.body.assistantMessage.id as string;
    const done = await waitForSettled(api, jobId, 90_000);

    expect(done).toMatchObject({ status: 'done', is_image_message: true });
    expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/1/`)).toEqual([]);
    expect(await listKeys(cloud.runtime, `images/${userId}/${jobId}/2/`)).not.toEqual([]);
    const { balance, ledger, sum } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([2, 2]);
    expect(ledger.map((entry) => entry.sk).sort()).toEqual(
      [ledgerKeys.initialGrant, ledgerKeys.job(jobId).reserve, ledgerKeys.job(jobId).commit].sort(),
    );
    expect(await ledgerFindings(cloud.runtime.dynamodbEndpoint, userId)).toEqual([]);
  });

  it('sends back an edit whose earlier image could not be read, and the next delivery edits that image', async () => {
    const { api, send, userId } = await newUser('hang-up-read');
    const first = await send({ content: 'A red fox in the snow' });
    expect(await waitForSettled(api, first.body.assistantMessage.id)).toMatchObject({ status: 'done' });
    // The SDK's every attempt to read the earlier image loses its connection, once over.
    await hangUpStorage(`^images/${userId}/${first.body.assistantMessage.id}/`, SDK_MAX_ATTEMPTS);

    const edit = await send({ content: 'Make it brighter' });
    const done = await waitForSettled(api, edit.body.assistantMessage.id, 90_000);

    // Skipping the unreadable image would have drawn a new picture instead of editing it.
    expect(done).toMatchObject({ status: 'done', is_image_message: true, is_edit: true });
    const { balance, sum } = await readCreditItems(cloud.runtime.dynamodbEndpoint, userId);
    expect([balance, sum]).toEqual([1, 1]);
  });

  it(`runs at most ${CONCURRENCY} jobs at once; the others wait in the queue`, async () => {
    const users = await Promise.all([newUser('burst-a'), newUser('burst-b')]);
    const sends = await Promise.all(
      users.flatMap(({ send }) => [1, 2, 3].map((n) => send({ content: `A burst, picture ${n}` }))),
    );
    expect(sends.map((sent) => sent.status)).toEqual(Array(6).fill(202));

    const seen = { inFlight: 0, waiting: 0 };
    let settled = false;
    const watching = (async () => {
      while (!settled) {
        const queue = await queueStats(cloud.url);
        seen.inFlight = Math.max(seen.inFlight, queue.in_flight);
        seen.waiting = Math.max(seen.waiting, queue.waiting);
      }
    })();
    const answers = await Promise.all(
      sends.map((sent, i) =>
        waitForSettled((users[Math.floor(i / 3)] ?? users[0]).api, sent.body.assistantMessage.id, 90_000),
      ),
    );
    settled = true;
    await watching;

    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill('done'));
    expect(seen.inFlight).toBeLessThanOrEqual(CONCURRENCY);
    expect(seen.waiting).toBeGreaterThan(0);
    const queue = await queueStats(cloud.url);
    expect(queue).toMatchObject({ max_concurrency: CONCURRENCY, dead_letters: 0 });
    expect(queue.most_in_flight).toBeLessThanOrEqual(CONCURRENCY);
  });
});
