/**
 * `npm run dead-letters`: the jobs that failed every delivery, in AWS. The stack output
 * `DeadLettersCommand` prints the first part with the deployment's names filled in.
 *
 *   npm run dead-letters -- --queue <url> --list                 each job, oldest first
 *   npm run dead-letters -- --queue <url> --messages-table <name> --list   ... and whether it settled
 *   npm run dead-letters -- --queue <url> --redrive              back to the jobs queue, for the worker
 *   npm run dead-letters -- --queue <url> --messages-table <name> --credits-table <name> --refund
 *                                                                refund what is still pending, then drop all
 *
 * It uses the default AWS credentials and region (AWS_PROFILE, AWS_REGION).
 */
import { parseArgs } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  type DeadLetter,
  deleteDeadLetter,
  describeDeadLetter,
  receiveAll,
  redriveAll,
} from './dead-letter-queue';

const USAGE = `usage: npm run dead-letters -- --queue <dead-letter queue URL> [--messages-table <name>] [--credits-table <name>] (--list | --redrive | --refund)`;

export type Action = 'list' | 'redrive' | 'refund';

export interface Options {
  action: Action;
  queueUrl: string;
  messagesTable?: string;
  creditsTable?: string;
}

/** The command line, checked: exactly one action, and the tables an action needs. Throws with the usage. */
export function readOptions(args: string[]): Options | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      queue: { type: 'string' },
      'messages-table': { type: 'string' },
      'credits-table': { type: 'string' },
      list: { type: 'boolean' },
      redrive: { type: 'boolean' },
      refund: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const actions = (['list', 'redrive', 'refund'] as const).filter((action) => values[action]);
  if (actions.length !== 1) throw new Error(`Give exactly one of --list, --redrive, --refund\n${USAGE}`);
  const [action] = actions as [Action];
  if (!values.queue)
    throw new Error(`--queue is required (the stack output JobsDeadLetterQueueUrl)\n${USAGE}`);
  if (action === 'refund' && !(values['messages-table'] && values['credits-table'])) {
    throw new Error(
      `--refund needs --messages-table and --credits-table (stack output DeadLettersCommand)\n${USAGE}`,
    );
  }
  return {
    action,
    queueUrl: values.queue,
    messagesTable: values['messages-table'],
    creditsTable: values['credits-table'],
  };
}

const oldestFirst = (a: DeadLetter, b: DeadLetter) => (a.sentAt?.getTime() ?? 0) - (b.sentAt?.getTime() ?? 0);

/** Points the backend's data code at the deployed tables; loaded only after, as it reads them on first use. */
async function useTables(options: Options) {
  if (options.messagesTable) process.env.MESSAGES_TABLE = options.messagesTable;
  if (options.creditsTable) process.env.CREDITS_TABLE = options.creditsTable;
  const { getMessageById } = await import('../functions/src/data/messages-repo');
  const { refundDeadLetteredJob } = await import('../functions/src/services/refund-stuck-jobs');
  return { getMessageById, refundDeadLetteredJob };
}

async function list(sqs: SQSClient, options: Options) {
  const letters = (await receiveAll(sqs, options.queueUrl)).sort(oldestFirst);
  const data = options.messagesTable ? await useTables(options) : undefined;
  console.log(`${letters.length} dead-lettered message(s) in ${options.queueUrl}`);
  for (const letter of letters) {
    const stored = letter.job && (await data?.getMessageById(letter.job.userId, letter.job.jobId));
    const state = data && letter.job ? (stored ? stored.status : 'gone with its conversation') : undefined;
    console.log(`  ${describeDeadLetter(letter, state)}`);
  }
  if (letters.length > 0) console.log('They reappear in the queue within a minute; nothing was changed.');
}

async function refund(sqs: SQSClient, options: Options) {
  const { refundDeadLetteredJob } = await useTables(options);
  const letters = (await receiveAll(sqs, options.queueUrl)).sort(oldestFirst);
  const counts = { refunded: 0, 'already-settled': 0, 'not-found': 0, 'not a job': 0 };
  for (const letter of letters) {
    const outcome = letter.job ? await refundDeadLetteredJob(letter.job) : 'not a job';
    counts[outcome]++;
    console.log(`  ${describeDeadLetter(letter, outcome)}`);
    await deleteDeadLetter(sqs, options.queueUrl, letter);
  }
  console.log(
    `Removed ${letters.length} message(s): ${counts.refunded} refunded now, ${counts['already-settled']} had settled, ` +
      `${counts['not-found']} gone with their conversation, ${counts['not a job']} not jobs.`,
  );
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  let options: Options | 'help';
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const sqs = new SQSClient({});
  if (options.action === 'list') await list(sqs, options);
  if (options.action === 'refund') await refund(sqs, options);
  if (options.action === 'redrive') {
    const task = await redriveAll(sqs, options.queueUrl);
    console.log(`Moving every dead letter back to the jobs queue (task ${task}).`);
    console.log('The worker runs each job still pending; jobs that settled meanwhile are skipped.');
  }
}

// Run only as the command, so tests can import the option parsing.
if (process.argv[1]?.endsWith('dead-letters.ts')) await main();
