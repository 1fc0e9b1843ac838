import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { type JobMessage, jobMessageSchema } from '@thumbnail-studio/contract';

/** One message of the jobs dead-letter queue, read for an operator. */
export interface DeadLetter {
  messageId: string;
  receiptHandle: string;
  /** Undefined when the body is not a job (the worker drops those, so none should be here). */
  job?: JobMessage;
  /** How often the jobs queue delivered it before giving up, as SQS counts. */
  receiveCount: number;
  /** When the messages function first enqueued it. */
  sentAt?: Date;
}

/** Reads a received SQS message as a dead-lettered job; never throws, whatever the body. */
export function readDeadLetter(message: Message): DeadLetter {
  let job: JobMessage | undefined;
  try {
    const parsed = jobMessageSchema.safeParse(JSON.parse(message.Body ?? ''));
    job = parsed.success ? parsed.data : undefined;
  } catch {
    job = undefined;
  }
  const sent = Number(message.Attributes?.SentTimestamp);
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    job,
    receiveCount: Number(message.Attributes?.ApproximateReceiveCount ?? 0),
    sentAt: Number.isFinite(sent) && sent > 0 ? new Date(sent) : undefined,
  };
}

/** One line per dead letter: when it was sent, which job and user, and its state when known. */
export function describeDeadLetter(letter: DeadLetter, state?: string): string {
  const sent = letter.sentAt?.toISOString() ?? 'unknown time';
  if (!letter.job) return `${sent}  message ${letter.messageId}: not a job (the worker would drop it)`;
  const { jobId, conversationId, userId } = letter.job;
  const known = state ? `  [${state}]` : '';
  return `${sent}  job ${jobId} of user ${userId} in conversation ${conversationId}${known}`;
}

/** Long enough to settle a batch before SQS shows the same messages again. */
const HOLD_SECONDS = 60;

/**
 * Every message in the queue, each received once: SQS hides a received message for
 * HOLD_SECONDS, so batches never repeat until the queue answers empty.
 */
export async function receiveAll(sqs: SQSClient, queueUrl: string): Promise<DeadLetter[]> {
  const letters = new Map<string, DeadLetter>();
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: HOLD_SECONDS,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['SentTimestamp', 'ApproximateReceiveCount'],
      }),
    );
    const fresh = Messages.map(readDeadLetter).filter((letter) => !letters.has(letter.messageId));
    if (fresh.length === 0) return [...letters.values()];
    for (const letter of fresh) letters.set(letter.messageId, letter);
  }
}

export async function deleteDeadLetter(sqs: SQSClient, queueUrl: string, letter: DeadLetter) {
  await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: letter.receiptHandle }));
}

/**
 * Moves every message back to the queue it was dead-lettered from (SQS's own redrive), and
 * returns the task's handle. The worker takes a job again only if it is still pending.
 */
export async function redriveAll(sqs: SQSClient, queueUrl: string): Promise<string> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  const sourceArn = Attributes?.QueueArn;
  if (!sourceArn) throw new Error(`SQS did not give the ARN of ${queueUrl}`);
  const { TaskHandle } = await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: sourceArn }));
  return TaskHandle ?? '(no handle)';
}
