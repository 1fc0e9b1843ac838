import { BroadcastChannel } from 'node:worker_threads';
import { onEverySdkClient, type SdkClient } from '../../functions/src/lib/sdk-clients';

/**
 * What SDK calls used, by name: `<service>.requests` (HTTP requests, retries included, as AWS
 * bills them), `<service>.<Command>` (the same per command), `dynamodb.readUnits` and
 * `dynamodb.writeUnits` (capacity as DynamoDB reports it) and `s3.bytesStored` (PutObject bodies).
 */
export type Usage = Record<string, number>;

/** Adds `more` into `total`. */
export function addUsage(total: Usage, more: Usage): Usage {
  for (const [key, value] of Object.entries(more)) total[key] = (total[key] ?? 0) + value;
  return total;
}

const SERVICES: Record<string, string> = {
  DynamoDBClient: 'dynamodb',
  S3Client: 's3',
  SQSClient: 'sqs',
  SecretsManagerClient: 'secretsmanager',
  CognitoIdentityProviderClient: 'cognito',
};

/** The DynamoDB item operations that take `ReturnConsumedCapacity`. */
const CAPACITY_COMMANDS = new Set([
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
]);
const READ_COMMANDS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

/** The little of the SDK's middleware types this module uses. */
interface CallArgs {
  input: Record<string, unknown>;
}
interface CallResult {
  output: Record<string, unknown> & { $metadata?: { attempts?: number } };
}
type Middleware = (
  next: (args: CallArgs) => Promise<CallResult>,
  context: { clientName?: string; commandName?: string },
) => (args: CallArgs) => Promise<CallResult>;
interface Stack {
  add(middleware: Middleware, options: { step: 'initialize'; name: string; override: boolean }): void;
}

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/**
 * Read and write units of one DynamoDB answer. DynamoDB reports reads and writes apart; DynamoDB
 * Local reports only their total, which then counts as reads or writes by the command (a
 * transaction of writes counts whole as writes, its condition checks included: the dearer side),
 * and prices a transaction's items like plain ones, where DynamoDB charges two units for each:
 * such a total is doubled, so the count is what DynamoDB would charge.
 */
function capacityOf(command: string, consumed: Capacity | Capacity[] | undefined): Usage {
  let reads = 0;
  let writes = 0;
  for (const part of [consumed ?? []].flat()) {
    if (part.ReadCapacityUnits !== undefined || part.WriteCapacityUnits !== undefined) {
      reads += part.ReadCapacityUnits ?? 0;
      writes += part.WriteCapacityUnits ?? 0;
      continue;
    }
    const units = (part.CapacityUnits ?? 0) * (command.startsWith('Transact') ? 2 : 1);
    if (READ_COMMANDS.has(command)) reads += units;
    else writes += units;
  }
  return { 'dynamodb.readUnits': reads, 'dynamodb.writeUnits': writes };
}

const byteLength = (body: unknown): number =>
  typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : 0;

/**
 * Counts every call `client` makes into `add`: a middleware at the start of the stack asks
 * DynamoDB for the capacity each item operation consumed and, once the call ends (answered or
 * failed), adds its requests, its capacity and, for S3, the bytes it stored. A presigned URL
 * runs the same stack without sending anything, and is not counted.
 */
export function countSdkCalls(client: SdkClient, add: (usage: Usage) => void): void {
  (client.middlewareStack as unknown as Stack).add(
    (next, context) => async (args) => {
      const service = SERVICES[context.clientName ?? ''] ?? String(context.clientName);
      const command = String(context.commandName).replace(/Command$/, '');
      const asksCapacity = service === 'dynamodb' && CAPACITY_COMMANDS.has(command);
      const input = asksCapacity ? { ...args.input, ReturnConsumedCapacity: 'TOTAL' } : args.input;
      const count = (attempts: number, output?: Record<string, unknown>) =>
        add({
          [`${service}.requests`]: attempts,
          [`${service}.${command}`]: attempts,
          ...(asksCapacity ? capacityOf(command, output?.ConsumedCapacity as Capacity | undefined) : {}),
          ...(service === 's3' && command === 'PutObject' && output
            ? { 's3.bytesStored': byteLength(input.Body) }
            : {}),
        });
      try {
        const result = await next({ ...args, input });
        if (!('presigned' in result.output)) count(result.output.$metadata?.attempts ?? 1, result.output);
        return result;
      } catch (error) {
        count((error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1);
        throw error;
      }
    },
    { step: 'initialize', name: 'countSdkCalls', override: true },
  );
}

/** The channel every thread of the local cloud reports its SDK calls on. */
const CHANNEL = 'thumbnail-studio:sdk-usage';

/**
 * Counts the SDK calls of every client the functions make from now on in this thread, reported
 * as `<source>.<usage key>` (the API functions run in the main thread, the worker in its own).
 */
export function reportSdkUsage(source: string): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  onEverySdkClient((client) =>
    countSdkCalls(client, (usage) =>
      channel.postMessage(Object.fromEntries(Object.entries(usage).map(([k, v]) => [`${source}.${k}`, v]))),
    ),
  );
}

/** Sums what every thread reports, from now on; `add` counts more from this thread (the worker's CPU). */
export function collectUsage(): { usage(): Usage; add(more: Usage): void; stop(): void } {
  const total: Usage = {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event) => addUsage(total, (event as { data: Usage }).data);
  return { usage: () => ({ ...total }), add: (more) => addUsage(total, more), stop: () => channel.close() };
}

/**
 * The worker's invocations and the process's CPU time while each ran (user and system, in ms).
 * The process is the local cloud's, so the storage stand-in's work on what the worker stores is
 * in it too; DynamoDB Local's JVM is not. Meaningful when one job runs at a time, as the bench runs them.
 */
export function withCpuCounted<E, R>(
  invoke: (event: E) => Promise<R>,
  add: (usage: Usage) => void,
): (event: E) => Promise<R> {
  return async (event) => {
    const start = process.cpuUsage();
    try {
      return await invoke(event);
    } finally {
      const { user, system } = process.cpuUsage(start);
      add({ 'worker.invocations': 1, 'worker.cpuMs': (user + system) / 1000 });
    }
  };
}
