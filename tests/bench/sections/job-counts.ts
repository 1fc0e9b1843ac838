import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { followParam } from '@thumbnail-studio/contract';
import { CONTEXT_IMAGE_MESSAGES } from '../../../functions/src/core/jobs';
import { type RecordedCounts, total, type Usage } from '../../../tools/cost/model';
import { type FakeOpenAI, startFakeOpenAI } from '../../fakes/openai-server';
import { makePhotoPng } from '../../fakes/photo-like';
import { callAs } from '../../support/api';
import { type RunningCloud, repoRoot, startCloudProcess } from '../../support/local-cloud-process';
import { signUpUser } from '../../support/users';
import { type JobKind, jobCountBudgets, jobKinds, pollCountBudgets } from '../budgets';
import type { BenchSection, Measurement } from '../report';

/** Where the bench leaves the counts it measured, for `npm run cost` (not committed). */
export const COUNTS_FILE = path.join(repoRoot, 'tests', 'bench', 'results', 'counts.json');

/** Each kind of job is measured this many times: counts that differ between them are reported. */
const ROUNDS = 2;
/** The fake provider's time for the job whose pending poll is counted: the worker is then waiting. */
const PENDING_PROVIDER_MS = 2000;

interface LocalUsage {
  queue: { delivered: number; in_flight: number; waiting: number };
  usage: Usage;
}

export async function localUsage(cloud: RunningCloud): Promise<LocalUsage> {
  const response = await fetch(`${cloud.url}/local/usage`);
  if (!response.ok) throw new Error(`/local/usage answered ${response.status}`);
  return (await response.json()) as LocalUsage;
}

/** What grew from `before` to `after`, keys under `prefix` only (`api.` or every key). */
export function grown(before: Usage, after: Usage, prefix = ''): Usage {
  const diff: Usage = {};
  for (const [key, value] of Object.entries(after)) {
    const more = value - (before[key] ?? 0);
    if (key.startsWith(prefix) && more !== 0) diff[key] = Math.round(more * 1000) / 1000;
  }
  return diff;
}

/**
 * Waits until the queue has delivered `delivered` jobs and runs none (the checks included), then
 * reads the usage once more: the worker thread's last counts travel on a channel of their own and
 * may reach the main thread just after its answer.
 */
export async function queueIdle(cloud: RunningCloud, delivered: number): Promise<Usage> {
  for (const deadline = Date.now() + 120_000; ; ) {
    const { queue } = await localUsage(cloud);
    if (queue.delivered >= delivered && queue.in_flight === 0 && queue.waiting === 0) {
      return (await localUsage(cloud)).usage;
    }
    if (Date.now() > deadline) throw new Error(`the queue did not go idle: ${JSON.stringify(queue)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One local cloud, counting, with the legibility and likeness checks on or off: each kind of job
 * it runs, `ROUNDS` times, one at a time, from its send to the end of its worker's run (the checks
 * included), with nothing polling meanwhile; and, with `polls`, what a poll costs.
 */
async function measureCloud(openai: FakeOpenAI, photo: Uint8Array, checks: boolean, polls: boolean) {
  const cloud = await startCloudProcess({
    env: {
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: openai.url,
      LOCAL_COUNT_USAGE: 'true',
      LEGIBILITY_CHECK: String(checks),
      LIKENESS_CHECK: String(checks),
      INITIAL_CREDITS: '100',
      // No sweep during a measured job: its reads are no job's.
      LOCAL_SWEEP_INTERVAL_MS: String(60 * 60_000),
    },
  });
  try {
    openai.image(photo);
    openai.latency(0);
    const user = await signUpUser(cloud.url, cloud.dataDir, cloud.runtime.clientId, `bench-counts-${checks}`);
    const api = callAs(cloud.url, user.accessToken);
    await api('getCredits');
    let delivered = (await localUsage(cloud)).queue.delivered;
    const conversation = async () => {
      const { id } = (await api('createConversation', { body: {} })).body.conversation;
      return `/api/conversations/${id}`;
    };
    const send = async (conversationPath: string, variations: number) => {
      const sent = await api.raw('POST', `${conversationPath}/messages`, {
        content: 'Bench thumbnail with "BIG NEWS"',
        provider: 'openai',
        variations,
      });
      if (sent.status !== 202) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      delivered += 1;
      return String(sent.body.assistantMessage.id);
    };

    // Each kind of job in a conversation of its own, after more jobs of the same kind than a job
    // reads images of for context (`CONTEXT_IMAGE_MESSAGES`; the first answer of a conversation,
    // made with no context, differs from the later ones): every counted job then reads the same
    // context, the most it ever reads. The jobs before also warm the modules and caches a warm
    // Lambda has. They are not counted.
    const rounds = new Map<number, Usage[]>();
    for (const variations of [1, 4]) {
      const kindPath = await conversation();
      for (let i = 0; i < CONTEXT_IMAGE_MESSAGES + 2; i++) {
        await send(kindPath, variations);
        await queueIdle(cloud, delivered);
      }
      for (let round = 0; round < ROUNDS; round++) {
        const before = (await localUsage(cloud)).usage;
        await send(kindPath, variations);
        const after = await queueIdle(cloud, delivered);
        rounds.set(variations, [...(rounds.get(variations) ?? []), grown(before, after)]);
      }
    }

    let pollCounts: RecordedCounts['polls'] | undefined;
    if (polls) {
      openai.latency(PENDING_PROVIDER_MS);
      const conversationPath = await conversation();
      const jobsPath = `${conversationPath}/jobs`;
      const jobId = await send(conversationPath, 1);
      // The worker has claimed the job and waits for the provider: the poll's calls are the API's alone.
      await new Promise((resolve) => setTimeout(resolve, PENDING_PROVIDER_MS / 2));
      const follow = followParam([{ id: jobId, revision: 0 }]);
      const beforePending = (await localUsage(cloud)).usage;
      await api.raw('GET', `${jobsPath}?follow=${follow}`);
      const pending = grown(beforePending, (await localUsage(cloud)).usage, 'api.');
      const settled = await queueIdle(cloud, delivered);
      await api.raw('GET', `${jobsPath}?follow=${follow}`);
      const done = grown(settled, (await localUsage(cloud)).usage, 'api.');
      pollCounts = { pending: { ...pending, 'api.requests': 1 }, done: { ...done, 'api.requests': 1 } };
    }
    return { rounds, polls: pollCounts };
  } finally {
    await cloud.stop();
  }
}

/** The counters each job kind is held to, with their units. */
const COUNTERS: { key: string; label: string; unit: string; scale?: number }[] = [
  { key: 'dynamodb.requests', label: 'DynamoDB requests', unit: '' },
  { key: 'dynamodb.readUnits', label: 'DynamoDB read units', unit: 'RRU' },
  { key: 'dynamodb.writeUnits', label: 'DynamoDB write units', unit: 'WRU' },
  { key: 's3.PutObject', label: 'S3 PUTs', unit: '' },
  { key: 's3.GetObject', label: 'S3 GETs', unit: '' },
  { key: 's3.bytesStored', label: 'S3 stored', unit: 'kB', scale: 1 / 1000 },
  { key: 'sqs.requests', label: 'SQS requests', unit: '' },
  { key: 'worker.cpuMs', label: 'worker CPU', unit: 'ms' },
];

/**
 * What each generation job asks of AWS's services, counted by wrapping the functions' real SDK
 * clients in the local cloud (see local/lambda/sdk-usage.ts): a job of 1 image and one of 4 variations,
 * with and without the legibility and likeness checks. Counts do not move with a busy machine; the
 * worker's CPU time does a little, and is held to a looser budget. Writes the counts for `npm run cost`.
 */
export const jobCounts: BenchSection = {
  title: 'Counted work per generation job (local cloud, fake OpenAI)',
  async run() {
    let openai: FakeOpenAI | undefined;
    try {
      openai = await startFakeOpenAI();
      // gpt-image-2 is asked for 1280x720, and answers a photo-like PNG of that size.
      const photo = await makePhotoPng(1280, 720);
      const plain = await measureCloud(openai, photo, false, true);
      const checked = await measureCloud(openai, photo, true, false);
      const jobs = {} as Record<JobKind, Usage>;
      const varying: string[] = [];
      for (const kind of jobKinds) {
        const rounds = (kind.checks ? checked : plain).rounds.get(kind.variations) ?? [];
        const [first, ...others] = rounds;
        if (!first) throw new Error(`no ${kind.name} job was measured`);
        jobs[kind.name] = { ...first, 'api.requests': 1 };
        for (const key of new Set(rounds.flatMap(Object.keys))) {
          const values = rounds.map((usage) => usage[key] ?? 0);
          if (key !== 'worker.cpuMs' && others.some((usage) => (usage[key] ?? 0) !== first[key]))
            varying.push(`${kind.name}: ${key} ${values.join(' / ')}`);
        }
      }
      const polls = plain.polls;
      if (!polls) throw new Error('no poll was measured');
      const recorded: RecordedCounts = {
        measuredAt: new Date().toISOString(),
        commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim(),
        providerImageBytes: photo.length,
        jobs,
        polls,
      };
      await mkdir(path.dirname(COUNTS_FILE), { recursive: true });
      await writeFile(COUNTS_FILE, `${JSON.stringify(recorded, null, 2)}\n`);

      const measurements: Measurement[] = [];
      for (const kind of jobKinds) {
        for (const counter of COUNTERS) {
          measurements.push({
            label: `${kind.name}: ${counter.label}`,
            value: total(jobs[kind.name], counter.key) * (counter.scale ?? 1),
            unit: counter.unit,
            budget: jobCountBudgets[counter.key]?.[kind.name],
          });
        }
      }
      for (const [name, poll] of Object.entries(polls)) {
        for (const counter of COUNTERS.slice(0, 2)) {
          measurements.push({
            label: `poll ${name === 'pending' ? 'while pending' : 'once done'}: ${counter.label}`,
            value: total(poll, counter.key),
            unit: counter.unit,
            budget: pollCountBudgets[counter.key],
          });
        }
      }
      return {
        title: this.title,
        measurements,
        notes: [
          `provider answer: a ${photo.length}-byte 1280x720 photo-like PNG; each job counted from its send (the API's calls) to the end of its worker's run (the checks included), nothing polling meanwhile, in a conversation that already holds ${CONTEXT_IMAGE_MESSAGES} answers of the same kind (a job reads that many for context; the first job of a conversation reads none: fewer S3 GETs and read units)`,
          "requests include retries, as AWS bills them; DynamoDB units as DynamoDB Local reports them, a transaction's doubled as DynamoDB charges them; worker CPU = the local cloud process while the job ran (user + system), the storage stand-in's work included",
          varying.length === 0
            ? `every count but the CPU time was the same in each of ${ROUNDS} rounds`
            : `counts that differed between rounds: ${varying.join('; ')}`,
          `counts written to ${path.relative(repoRoot, COUNTS_FILE)} (npm run cost prices them)`,
        ],
      };
    } finally {
      await openai?.stop();
    }
  },
};
