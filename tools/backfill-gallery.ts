/**
 * `npm run backfill-gallery`: marks the images made before the gallery existed, so it lists them.
 * The gallery reads the messages table's sparse `by-gallery` index, which holds only messages that
 * carry `gallery_user_id`; a job writes it when an image is finished, and this writes it on every
 * finished image that lacks it. Safe to run again, and while the app runs (each write is
 * conditional on the attribute still missing).
 *
 *   npm run backfill-gallery                                   the running local cloud (DATA_DIR or .local)
 *   npm run backfill-gallery -- --data-dir /tmp/cloud          another local cloud's data folder
 *   npm run backfill-gallery -- --table <messages table name>  AWS, with the default credentials and region
 */
import { parseArgs } from 'node:util';
import { targetTable } from './target-table';

const USAGE = 'usage: npm run backfill-gallery -- [--data-dir <dir> | --table <name>]';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        'data-dir': { type: 'string' },
        table: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) fail(USAGE, 0);
    if (values.table && values['data-dir'])
      fail(`--table (AWS) and --data-dir (local) exclude each other\n${USAGE}`);
    return { dataDir: values['data-dir'], table: values.table };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const options = readOptions();
  const where = await targetTable(options, 'MESSAGES_TABLE', 'messages', fail);
  // Loaded only now: the backend reads its table name and endpoint from the environment set above.
  const { ScanCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ddb } = await import('../functions/src/lib/clients');
  const { tableName, unlessConditionFails } = await import('../functions/src/data/dynamo');
  const table = tableName('messages');

  // A Scan, deliberately: an operator's one-off over the whole table, never a request path.
  let scanned = 0;
  let marked = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: table,
        FilterExpression:
          '#status = :done AND is_image_message = :true AND attribute_exists(image_keys) AND attribute_not_exists(gallery_user_id)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':true': true },
        ExclusiveStartKey: start,
      }),
    );
    scanned += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const written = await unlessConditionFails(
        ddb.send(
          new UpdateCommand({
            TableName: table,
            Key: { conversation_id: item.conversation_id, id: item.id },
            UpdateExpression: 'SET gallery_user_id = user_id',
            ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(gallery_user_id)',
          }),
        ),
      );
      if (written) marked += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  console.log(`Backfilled ${where}: ${scanned} messages read, ${marked} images added to the gallery.`);
}

await main();
