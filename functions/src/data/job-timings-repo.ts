import { BatchGetCommand, type BatchGetCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobTiming, ProviderId } from '@thumbnail-studio/contract';
import { type JobDurations, summarizeTimings, timingSlot } from '../core/job-timings';
import { ddb } from '../lib/sdk-clients';
import { messagesTable } from './messages-repo';

/**
 * Each provider's recent job durations are one item in the messages table, under a partition no
 * conversation has (ids are ULIDs), so no conversation's read or deletion meets it: `slot_<n>`
 * holds the durations of the last job that wrote slot n (see timingSlot).
 */
const TIMINGS_PARTITION = '#job-timings';
const timingsKey = (provider: string) => ({ conversation_id: TIMINGS_PARTITION, id: provider });

interface StoredDurations {
  w: number;
  d: number;
  f: number;
}

/** Keeps a completed job's durations as one of its provider's recent ones: one small write. */
export async function recordJobDurations(
  provider: string,
  jobId: string,
  durations: JobDurations,
): Promise<void> {
  const stored: StoredDurations = { w: durations.waiting, d: durations.drawing, f: durations.finishing };
  await ddb.send(
    new UpdateCommand({
      TableName: messagesTable(),
      Key: timingsKey(provider),
      UpdateExpression: 'SET #slot = :durations, updated_at = :now',
      ExpressionAttributeNames: { '#slot': `slot_${timingSlot(jobId)}` },
      ExpressionAttributeValues: { ':durations': stored, ':now': new Date().toISOString() },
    }),
  );
}

/** Each provider's timing from its recent jobs (null for one with none), in one read of them all. */
export async function readJobTimings(
  providers: readonly ProviderId[],
): Promise<Map<ProviderId, JobTiming | null>> {
  const timings = new Map<ProviderId, JobTiming | null>(providers.map((provider) => [provider, null]));
  let keys: Record<string, unknown>[] | undefined = providers.map(timingsKey);
  while (keys?.length) {
    const page: BatchGetCommandOutput = await ddb.send(
      new BatchGetCommand({ RequestItems: { [messagesTable()]: { Keys: keys } } }),
    );
    for (const item of page.Responses?.[messagesTable()] ?? []) {
      const samples = Object.entries(item)
        .filter(([name]) => name.startsWith('slot_'))
        .map(([, value]) => value as StoredDurations)
        .map(({ w, d, f }) => ({ waiting: w, drawing: d, finishing: f }));
      timings.set(item.id as ProviderId, summarizeTimings(samples));
    }
    keys = page.UnprocessedKeys?.[messagesTable()]?.Keys;
  }
  return timings;
}
