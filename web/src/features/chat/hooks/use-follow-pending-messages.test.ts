// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { endpoints, type Message, PHASE_TEXT } from '@thumbnail-studio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMessages } from '../../../lib/get-messages';
import { messagesQueryKey } from '../../../lib/message-keys';
import { answer, server, withFakeApi } from '../../../test/fake-api';
import { greeting, message } from '../../../test/fixtures';
import { renderWithQueries } from '../../../test/render';
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
      { ...pending, content: PHASE_TEXT.generating, revision: 1 },
      {
        ...pending,
        status: 'done',
        content: 'Here is your thumbnail',
        is_image_message: true,
        image_url: 'https://storage.test/preview.jpg',
        legibility: null,
        revision: 2,
      },
    ];
    const polled: string[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), prompt, pending] })),
      answer(endpoints.getJobUpdates, ({ params, request }) => {
        expect(params.id).toBe('c1');
        const follow = new URL(request.url).searchParams.get('follow') ?? '';
        polled.push(follow);
        // The server answers only what moved on past the revision the chat names.
        const known = Number(follow.split('.')[1]);
        return { jobs: phases.filter((phase) => (phase.revision ?? 0) > known).slice(0, 1) };
      }),
    );
    const onSettled = vi.fn();
    const { result, queryClient } = renderWithQueries(useFollowedConversation, {
      initialProps: { onSettled },
    });

    await elapse(0);
    expect(result.current?.map(({ id }) => id)).toEqual(['greeting-c1', 'user-1', 'job-1']);
    expect(polled).toEqual(['job-1.0']);
    // The placeholder says what the job is doing as soon as a poll sees it move on.
    expect(result.current?.at(-1)).toMatchObject({ status: 'pending', content: PHASE_TEXT.generating });
    expect(onSettled).not.toHaveBeenCalled();

    // The next poll, 300 ms on, names the revision the chat has now.
    await elapse(300);
    expect(polled).toEqual(['job-1.0', 'job-1.1']);
    const cached = queryClient.getQueryData<Message[]>(messagesQueryKey('c1'));
    expect(cached?.map(({ id }) => id)).toEqual(['greeting-c1', 'user-1', 'job-1']);
    expect(cached?.at(-1)).toMatchObject({
      status: 'done',
      content: 'Here is your thumbnail',
      image_url: 'https://storage.test/preview.jpg',
    });
    expect(onSettled).toHaveBeenCalledOnce();

    // Done and checked (the checks gave no verdict): nothing more is asked.
    await elapse(10_000);
    expect(polled).toHaveLength(2);
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
        expect(new URL(request.url).searchParams.get('follow')).toBe(
          polls === 1 ? 'job-1.0,job-2.0,job-3.0' : 'job-1.1,job-2.1,job-3.1',
        );
        return polls === 1
          ? { jobs: jobs.map((job) => ({ ...job, content: PHASE_TEXT.generating, revision: 1 })) }
          : { jobs: [] };
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

  it('follows a new image until its checks are over, naming only it; checked and older images are left alone', async () => {
    const image = {
      status: 'done',
      is_image_message: true,
      image_url: 'https://storage.test/p.jpg',
    } as const;
    const verdict = { text: 'BIG WIN', sizes: [], reads_at_feed_size: true, hard_to_read: [], boxes: [] };
    const older = message('job-0', {
      ...image,
      created_at: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    const fresh = message('job-1', { ...image, created_at: new Date().toISOString(), revision: 1 });
    const checked = message('job-2', { ...image, created_at: new Date().toISOString(), legibility: verdict });
    const polled: string[] = [];
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), older, fresh, checked] })),
      answer(endpoints.getJobUpdates, ({ request }) => {
        polled.push(new URL(request.url).searchParams.get('follow') ?? '');
        // Nothing changed for two polls: the answers are empty; then the verdict lands.
        return { jobs: polled.length < 3 ? [] : [{ ...fresh, legibility: verdict, revision: 2 }] };
      }),
    );
    const onSettled = vi.fn();
    const { result } = renderWithQueries(useFollowedConversation, { initialProps: { onSettled } });
    await elapse(0);
    expect(polled).toEqual(['job-1.1']);
    await elapse(300);
    await elapse(300);
    expect(polled).toEqual(['job-1.1', 'job-1.1', 'job-1.1']);
    expect(result.current?.find(({ id }) => id === 'job-1')?.legibility).toEqual(verdict);
    await elapse(10_000);
    expect(polled).toHaveLength(3);
    // Nothing was pending: the balance and titles need no refresh.
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('never takes a message back to an older revision a late answer carries', async () => {
    const pending = message('job-1', { status: 'pending', content: PHASE_TEXT.generating, revision: 1 });
    const done = { ...pending, status: 'done' as const, content: 'Here it is', revision: 2 };
    server.use(
      answer(endpoints.listMessages, () => ({ messages: [greeting('c1'), done] })),
      answer(endpoints.getJobUpdates, () => ({ jobs: [pending] })),
    );
    const { result, queryClient } = renderWithQueries(useFollowedConversation, {
      initialProps: { onSettled: vi.fn() },
    });
    await elapse(0);
    act(() => {
      queryClient.setQueryData(['jobs', 'c1', 'job-1'], [pending]);
    });
    await elapse(0);
    expect(result.current?.at(-1)).toMatchObject({ status: 'done', content: 'Here it is' });
  });
});
