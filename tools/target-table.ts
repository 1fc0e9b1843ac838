import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { backendDynamoEnv } from '../local/dynamodb/dynamodb-local';

/**
 * Points the backend's DynamoDB code at the table an operator's tool works on: `table` in AWS
 * (its name set as `tableEnv`), else a running local cloud's, found from the runtime file it
 * writes under `dataDir` (default `DATA_DIR`, else `.local`). Answers where, for the report;
 * `fail` ends the tool when no local cloud runs there.
 */
export async function targetTable(
  options: { table?: string; dataDir?: string },
  tableEnv: 'MESSAGES_TABLE' | 'CREDITS_TABLE',
  what: string,
  fail: (message: string) => never,
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
