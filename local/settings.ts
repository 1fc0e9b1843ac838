import * as z from 'zod/mini';
import { DEFAULT_WORKER_CONCURRENCY } from '../functions/src/core/jobs';
import { backendSettingsSchema, parseSettings } from '../functions/src/lib/settings';

/**
 * Settings of the local cloud itself, with the backend's one rule for blank
 * values (a blank line in `.env` means the default).
 */
const localSettingsSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65_535)), 3000),
  /**
   * The address the app server listens on: loopback, so nobody on the same network reaches it.
   * `0.0.0.0` (or a LAN address) only for a deliberate demo to other machines.
   */
  HOST: z._default(z.union([z.ipv4(), z.ipv6()]), '127.0.0.1'),
  /** Where DynamoDB Local, cognito-local, s3rver and the mail outbox keep their data. */
  DATA_DIR: z._default(z.string(), '.local'),
  /** How long a failed delivery waits before the in-process queue retries it. */
  LOCAL_QUEUE_RETRY_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 5_000),
  /**
   * At most this many jobs run at once, as the worker's maxConcurrency (CDK context
   * `workerConcurrency`) caps them in AWS; the others wait in the queue.
   */
  LOCAL_WORKER_CONCURRENCY: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000)),
    DEFAULT_WORKER_CONCURRENCY,
  ),
  /**
   * Count what the functions ask of DynamoDB, S3 and SQS and the worker's CPU time, served at
   * `/local/usage`: the bench's budgets per job are these counts.
   */
  LOCAL_COUNT_USAGE: z._default(z.stringbool(), false),
  /** How often the sweeper runs, as EventBridge runs it in AWS. */
  LOCAL_SWEEP_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.positive()), 60_000),
});

let current: z.infer<typeof localSettingsSchema> | undefined;

/** Parsed on first use, failing with the name of a bad variable. */
export function localSettings() {
  current ??= parseSettings(localSettingsSchema, process.env);
  return current;
}

/** Checks every backend setting before anything starts, so a bad `.env` line fails at once. */
export const checkBackendSettings = () => void parseSettings(backendSettingsSchema, process.env);
