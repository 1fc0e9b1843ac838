import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { backendDynamoEnv } from '../local/dynamodb/dynamodb-local';

/** Ends a tool with a message on stderr: exit code 2 (a wrong command line) unless told. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const TARGET_OPTIONS = {
  'data-dir': { type: 'string' },
  table: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * A table tool's command line: `--table` (AWS) or `--data-dir` (a local cloud), `--help`, and the
 * tool's own `options`. Help prints `usage`; a wrong command line, or both targets, ends the tool
 * with it.
 */
export function readTargetArgs<T extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: T) {
  try {
    const config = { options: { ...TARGET_OPTIONS, ...options } };
    const { values } = parseArgs(config);
    const target = values as { help?: boolean; table?: string; 'data-dir'?: string };
    if (target.help) fail(usage, 0);
    if (target.table && target['data-dir'])
      fail(`--table (AWS) and --data-dir (local) exclude each other\n${usage}`);
    return values;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

/**
 * Points the backend's DynamoDB code at the table an operator's tool works on: `table` in AWS
 * (its name set as `tableEnv`), else a running local cloud's, found from the runtime file it
 * writes under `dataDir` (default `DATA_DIR`, else `.local`). Answers where, for the report;
 * ends the tool when no local cloud runs there.
 */
export async function targetTable(
  options: { table?: string; dataDir?: string },
  tableEnv: 'MESSAGES_TABLE' | 'CREDITS_TABLE',
  what: string,
): Promise<string> {
  if (options.table) {
    process.env[tableEnv] = options.table;
    return `table ${options.table}`;
  }
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? '.local');
  const runtimeFile = path.join(dataDir, 'runtime.json');
  const runtime = await readFile(runtimeFile, 'utf8').then(
    (text) => JSON.parse(text) as { dynamodbEndpoint: string },
    () =>
      fail(`No local cloud is running with data in ${dataDir} (no ${runtimeFile}). Start it with npm start.`),
  );
  Object.assign(process.env, backendDynamoEnv(runtime.dynamodbEndpoint));
  return `the local cloud's ${what} (${runtime.dynamodbEndpoint})`;
}
