import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { lambdaThread } from './thread';

type Event = { do: 'echo' | 'fail' | 'crash' | 'env'; value?: string };
type Answer = { threadId: number; value?: string };

const handlerModule = new URL('./fixtures/thread-handler.ts', import.meta.url);
let stop: (() => Promise<void>) | undefined;

function startThread() {
  const thread = lambdaThread<Event, Answer>(handlerModule);
  stop = thread.stop;
  return thread;
}

afterEach(async () => {
  await stop?.();
  delete process.env.LAMBDA_THREAD_TEST;
});

describe('a local Lambda thread', () => {
  it('runs the handler off the main thread, many invocations in one thread', async () => {
    const { invoke } = startThread();
    const answers = await Promise.all(['a', 'b', 'c'].map((value) => invoke({ do: 'echo', value })));
    expect(answers.map((answer) => answer.value)).toEqual(['a', 'b', 'c']);
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(1);
    expect(answers[0]?.threadId).not.toBe(threadId);
  });

  it("rejects an invocation with the handler's error, and serves the next one", async () => {
    const { invoke } = startThread();
    await expect(invoke({ do: 'fail', value: 'job 1' })).rejects.toThrow('failed on job 1');
    await expect(invoke({ do: 'echo', value: 'job 2' })).resolves.toMatchObject({ value: 'job 2' });
  });

  it('fails the invocations of a thread that dies, then starts a new thread', async () => {
    const { invoke } = startThread();
    const before = await invoke({ do: 'echo' });
    await expect(invoke({ do: 'crash' })).rejects.toThrow('exited');
    const after = await invoke({ do: 'echo', value: 'again' });
    expect(after.value).toBe('again');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it("shares the process's environment, as set after the thread started", async () => {
    const { invoke } = startThread();
    await invoke({ do: 'echo' });
    process.env.LAMBDA_THREAD_TEST = 'set later';
    await expect(invoke({ do: 'env' })).resolves.toMatchObject({ value: 'set later' });
  });
});
