import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadAnswer } from './thread';

const { module, exportName, countSdkUsageAs } = workerData as {
  module: string;
  exportName: string;
  countSdkUsageAs?: string;
};
// Before the handler loads: some of its SDK clients are made as it loads.
if (countSdkUsageAs) (await import('./sdk-usage')).reportSdkUsage(countSdkUsageAs);
const handler = (await import(module))[exportName] as (event: unknown) => Promise<unknown>;

/** Serves the invocations the main thread posts, many at once, as a Lambda's event source would. */
parentPort?.on('message', async ({ id, event }: { id: number; event: unknown }) => {
  let answer: ThreadAnswer;
  try {
    answer = { id, value: await handler(event) };
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    answer = { id, error: { message, stack } };
  }
  parentPort?.postMessage(answer);
});
