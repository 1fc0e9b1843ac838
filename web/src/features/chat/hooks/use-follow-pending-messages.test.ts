// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { endpoints, type Message, PHASE_TEXT } from '@thumbnail-studio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
import { useMessages } from '../api/get-messages';
import { messagesQueryKey } from '../api/message-cache';
import { useFollowPendingMessages } from './use-follow-pending-messages';

withFakeApi();

const EMPTY: Message[] = [];

/** The chat's wiring: the conversation's messages, followed while a job is pending. */
function useFollowedConversation({ onSettled }: { onSettled(): void }) {
  const messages = useMessages('c1');
  useFollowPendingMessages('c1', messages.data ?? EMPTY, onSettled);
  return messages.data;
}

/** Lets `ms` pass on the fake clock, plus a moment for the answers to arrive and render. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms + 50));

describe('useFollowPendingMessages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a pending job through its phases until it is done, updating the list and settling once', async () => {
    const prompt = message('user-1', { role: 'user', content: 'A red car' });
    const pending = message('job-1', { status: 'pending', content: PHASE_TEXT.queued });
    const phases: Message[] = [
      pending,
      { ...pending, content: PHASE_TEXT.generating },
      {
        ...pending,
        status: 'done',
        content: 'Here is your thumbnail',
        is_image_message: true,
        image_url: 'https://storage.test/preview.jpg',
      },
    ];
    const polled: string[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), prompt, pending] })),
      answer(endpoints.getJobUpdates, ({ params, request }) => {
        expect(params.id).toBe('c1');
        polled.push(new URL(request.url).searchParams.get('since') ?? '');
        const next = phases[Math.min(polled.length - 1, phases.length - 1)] as Message;
        return { jobs: [next] };
      }),
    );
    const onSettled = vi.fn();
    const { result, queryClient } = renderWithQueries(useFollowedConversation, {
      initialProps: { onSettled },
    });

    await elapse(0);
    expect(result.current?.map(({ id }) => id)).toEqual(['greeting-c1', 'user-1', 'job-1']);
    expect(polled).toEqual(['job-1']);
    expect(result.current?.at(-1)).toMatchObject({ status: 'pending', content: PHASE_TEXT.queued });

    // The placeholder says what the job is doing as soon as the next poll, 300 ms on, sees it move on.
    await elapse(300);
    expect(polled).toHaveLength(2);
    expect(result.current?.at(-1)).toMatchObject({ status: 'pending', content: PHASE_TEXT.generating });
    expect(onSettled).not.toHaveBeenCalled();

    await elapse(300);
    expect(polled).toHaveLength(3);
    const cached = queryClient.getQueryData<Message[]>(messagesQueryKey('c1'));
    expect(cached?.map(({ id }) => id)).toEqual(['greeting-c1', 'user-1', 'job-1']);
    expect(cached?.at(-1)).toMatchObject({
      status: 'done',
      content: 'Here is your thumbnail',
      image_url: 'https://storage.test/preview.jpg',
    });
    expect(onSettled).toHaveBeenCalledOnce();

    await elapse(10_000);
    expect(polled).toHaveLength(3);
    act(() => {
      queryClient.setQueryData<Message[]>(messagesQueryKey('c1'), (list = []) => [...list, message('later')]);
    });
    await elapse(0);
    expect(result.current).toHaveLength(4);
    expect(onSettled).toHaveBeenCalledOnce();
  });

  it('polls nothing when no job is pending', async () => {
    const polled: string[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({
        messages: [
          greeting('c1'),
          message('done-1', { status: 'done' }),
          message('failed-1', { status: 'error' }),
        ],
      })),
      answer(endpoints.getJobUpdates, ({ params }) => {
        polled.push(params.id ?? '');
        return { jobs: [] };
      }),
    );
    const onSettled = vi.fn();
    const { result } = renderWithQueries(useFollowedConversation, { initialProps: { onSettled } });
    await elapse(5000);
    expect(result.current).toHaveLength(3);
    expect(polled).toEqual([]);
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('settles a job that a reload of the list shows finished, without polling it again', async () => {
    const pending = message('job-1', { status: 'pending', content: PHASE_TEXT.queued });
    let stored = pending;
    const polled: string[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), stored] })),
      answer(endpoints.getJobUpdates, ({ params }) => {
        polled.push(params.id ?? '');
        return { jobs: [stored] };
      }),
    );
    const onSettled = vi.fn();
    const { result, queryClient } = renderWithQueries(useFollowedConversation, {
      initialProps: { onSettled },
    });
    await elapse(0);
    expect(result.current?.at(-1)?.status).toBe('pending');
    stored = { ...pending, status: 'error', content: 'The image could not be generated' };
    await act(() => queryClient.refetchQueries({ queryKey: messagesQueryKey('c1') }));
    await elapse(0);
    expect(result.current?.at(-1)?.status).toBe('error');
    expect(onSettled).toHaveBeenCalledOnce();
    const polls = polled.length;
    await elapse(5000);
    expect(polled).toHaveLength(polls);
  });

  it('follows every pending job of the conversation with one request per poll', async () => {
    const jobs = ['job-1', 'job-2', 'job-3'].map((id) =>
      message(id, { status: 'pending', content: PHASE_TEXT.queued }),
    );
    let polls = 0;
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), ...jobs] })),
      answer(endpoints.getJobUpdates, ({ request }) => {
        polls += 1;
        expect(new URL(request.url).searchParams.get('since')).toBe('job-1');
        return { jobs: jobs.map((job) => ({ ...job, content: PHASE_TEXT.generating })) };
      }),
    );
    const { result } = renderWithQueries(useFollowedConversation, { initialProps: { onSettled: vi.fn() } });
    await elapse(0);
    expect(polls).toBe(1);
    expect(result.current?.slice(1).map((job) => job.content)).toEqual([
      PHASE_TEXT.generating,
      PHASE_TEXT.generating,
      PHASE_TEXT.generating,
    ]);
    await elapse(300);
    expect(polls).toBe(2);
  });
});
