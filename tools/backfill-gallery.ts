/**
 * `npm run backfill-gallery`: puts the messages written before the messages table's sparse
 * indexes existed into them, so the gallery lists every image (`by-gallery`) and a job finds its
 * context images however far back they are (`by-images`). New messages get both as they are
 * written. Safe to run again, and while the app runs (each write is conditional on the attribute
 * still missing).
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
  const { backfillMessageIndexes } = await import('../functions/src/data/image-index-backfill');
  const { read, gallery, images } = await backfillMessageIndexes();
  console.log(
    `Backfilled ${where}: ${read} messages read, ${gallery} images added to the gallery, ${images} messages with images added to their conversation's image index.`,
  );
}

await main();
