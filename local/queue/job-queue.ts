import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** SQS settings the CDK generation construct also uses. */
export interface QueueOptions {
  /** After this many failed deliveries a job goes to the dead-letter list. */
  maxReceiveCount: number;
  /** How long a failed delivery stays invisible before it is retried. */
  visibilityTimeoutMs: number;
  /** At most this many worker invocations at once (the event source's maxConcurrency). */
  maxConcurrency: number;
}

type Worker = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

interface QueuedMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

/**
 * The in-process stand-in for SQS + the worker's event source: delivers each
 * message to the same worker handler, one record per batch, retries failures
 * after the visibility timeout and parks them in a dead-letter list after
 * `maxReceiveCount` deliveries.
 */
export class LocalJobQueue {
  readonly deadLetters: QueuedMessage[] = [];
  private readonly waiting: QueuedMessage[] = [];
  private running = 0;
  private mostRunning = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private delivered = 0;
  private idleWaiters: (() => void)[] = [];
  /** Visibility timeouts the worker set on the messages it holds, by receipt handle (ChangeMessageVisibility). */
  private readonly visibilityChanges = new Map<string, number>();

  constructor(
    private readonly loadWorker: () => Promise<Worker>,
    private readonly options: QueueOptions,
  ) {}

  /** SendMessage: answers like SQS, with the MD5 the SDK checks. */
  send(body: string): { MessageId: string; MD5OfMessageBody: string } {
    const message = { messageId: randomUUID(), body, receiveCount: 0, sentAt: Date.now() };
    this.waiting.push(message);
    setImmediate(() => this.pump());
    return { MessageId: message.messageId, MD5OfMessageBody: createHash('md5').update(body).digest('hex') };
  }

  /**
   * ChangeMessageVisibility on a message being delivered: a failed delivery comes back after this
   * many seconds instead of the queue's timeout, but never later than that timeout, so the local
   * cloud keeps its own short retry delay. False for a handle that is not being delivered.
   */
  changeVisibility(receiptHandle: string, seconds: number): boolean {
    if (!this.visibilityChanges.has(receiptHandle)) return false;
    this.visibilityChanges.set(receiptHandle, Math.min(seconds * 1000, this.options.visibilityTimeoutMs));
    return true;
  }

  /** Resolves when no message is waiting, running or due for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Counts for the health check, so tools and tests can tell when the queue is idle. */
  stats() {
    return {
      waiting: this.waiting.length + this.timers.size,
      in_flight: this.running,
      /** The most jobs that ever ran at once: never above `max_concurrency`. */
      most_in_flight: this.mostRunning,
      max_concurrency: this.options.maxConcurrency,
      delivered: this.delivered,
      dead_letters: this.deadLetters.length,
    };
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  private isIdle() {
    return this.waiting.length === 0 && this.running === 0 && this.timers.size === 0;
  }

  private pump() {
    while (!this.stopped && this.running < this.options.maxConcurrency && this.waiting.length > 0) {
      const message = this.waiting.shift() as QueuedMessage;
      this.running++;
      this.mostRunning = Math.max(this.mostRunning, this.running);
      this.deliver(message).finally(() => {
        this.running--;
        this.pump();
        if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async deliver(message: QueuedMessage) {
    message.receiveCount++;
    this.delivered++;
    let failed: boolean;
    this.visibilityChanges.set(message.messageId, this.options.visibilityTimeoutMs);
    try {
      const worker = await this.loadWorker();
      const response = await worker({ Records: [this.toRecord(message)] });
      failed = (response?.batchItemFailures ?? []).some((f) => f.itemIdentifier === message.messageId);
    } catch (error) {
      console.error('[local queue] worker failed:', error);
      failed = true;
    }
    const retryAfterMs = this.visibilityChanges.get(message.messageId) ?? this.options.visibilityTimeoutMs;
    this.visibilityChanges.delete(message.messageId);
    if (!failed) return;
    if (message.receiveCount >= this.options.maxReceiveCount) {
      this.deadLetters.push(message);
      console.error(`[local queue] job moved to the dead-letter list after ${message.receiveCount} tries`);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push(message);
      this.pump();
    }, retryAfterMs);
    this.timers.add(timer);
  }

  private toRecord(message: QueuedMessage): SQSEvent['Records'][number] {
    return {
      messageId: message.messageId,
      receiptHandle: message.messageId,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(message.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
      awsRegion: 'us-east-1',
    };
  }
}
