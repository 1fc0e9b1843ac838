import { SHARE_ENV, Worker } from 'node:worker_threads';

type Handler<E, R> = (event: E) => Promise<R>;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** What the thread answers for one invocation. */
export type ThreadAnswer =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; stack?: string } };

/**
 * A Lambda function's own compute, locally: its handler runs in a worker thread, with its own
 * event loop, module instances and SDK clients, as each Lambda has its own container in AWS.
 * A burst of generation jobs then no longer shares one JavaScript thread with the API, the
 * storage stand-in and the queue. The environment is shared with the process, so settings
 * made after start reach the handler too. A thread that dies fails its invocations (the queue
 * retries them, as SQS would after a crashed Lambda) and the next invocation starts a new one.
 * With `countSdkUsageAs`, the thread reports its SDK calls under that name (see sdk-usage.ts).
 */
export function lambdaThread<E, R>(
  handlerModule: URL,
  exportName = 'handler',
  options: { countSdkUsageAs?: string } = {},
) {
  let current: { worker: Worker; calls: Map<number, Pending> } | undefined;
  let nextId = 0;

  const start = () => {
    const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), {
      env: SHARE_ENV,
      workerData: { module: handlerModule.href, exportName, countSdkUsageAs: options.countSdkUsageAs },
    });
    const thread = { worker, calls: new Map<number, Pending>() };
    // A dying thread fails its own invocations only; a newer thread may already serve others.
    const fail = (error: Error) => {
      for (const call of thread.calls.values()) call.reject(error);
      thread.calls.clear();
      if (current === thread) current = undefined;
    };
    worker.on('message', (answer: ThreadAnswer) => {
      const call = thread.calls.get(answer.id);
      thread.calls.delete(answer.id);
      if (!call) return;
      if ('error' in answer)
        call.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }));
      else call.resolve(answer.value);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${exportName} thread exited (${code})`)));
    return thread;
  };

  const invoke: Handler<E, R> = (event) =>
    new Promise<R>((resolve, reject) => {
      current ??= start();
      const id = nextId++;
      current.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      current.worker.postMessage({ id, event });
    });

  return {
    invoke,
    /** Ends the thread; invocations still running fail, as a Lambda's would on a shutdown. */
    async stop() {
      const thread = current;
      current = undefined;
      await thread?.worker.terminate();
    },
  };
}
