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
import { readTargetArgs, targetTable } from './target-table';

const USAGE = 'usage: npm run backfill-gallery -- [--data-dir <dir> | --table <name>]';

function readOptions() {
  const values = readTargetArgs(USAGE, {});
  return { dataDir: values['data-dir'], table: values.table };
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const options = readOptions();
  const where = await targetTable(options, 'MESSAGES_TABLE', 'messages');
  // Loaded only now: the backend reads its table name and endpoint from the environment set above.
  const { backfillMessageIndexes } = await import('../functions/src/data/image-index-backfill');
  const { read, gallery, images } = await backfillMessageIndexes();
  console.log(
    `Backfilled ${where}: ${read} messages read, ${gallery} images added to the gallery, ${images} messages with images added to their conversation's image index.`,
  );
}

await main();
