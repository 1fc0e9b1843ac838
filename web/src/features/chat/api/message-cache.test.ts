import type { Message } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { isOptimistic, optimisticId } from '../../../lib/message-keys';
import { message } from '../../../test/fixtures';
import { followedJobs, isFollowable, isNewerRevision, mergeMessages } from './message-cache';

// The web app relies on the contract's defaults for fields an answer leaves out.
describe('messageSchema', () => {
  it('fills the optional stored fields with their defaults', () => {
    expect(message('m1')).toMatchObject({
      uploaded_images: null,
      image_url: null,
      full_image_url: null,
      downloads: null,
      is_image_message: false,
      is_edit: false,
      status: 'done',
    });
  });

  it('rejects an unknown role', () => {
    expect(() => message('m1', { role: 'system' as Message['role'] })).toThrow();
  });
});

describe('mergeMessages', () => {
  it('replaces known messages in place and appends new ones', () => {
    const list = [message('a'), message('b', { status: 'pending' })];
    const merged = mergeMessages(list, [message('b', { status: 'done', content: 'ready' }), message('c')]);
    expect(merged.map((message) => [message.id, message.status, message.content])).toEqual([
      ['a', 'done', 'a'],
      ['b', 'done', 'ready'],
      ['c', 'done', 'c'],
    ]);
  });

  it('does not change the list it was given', () => {
    const list = [message('a')];
    mergeMessages(list, [message('a', { content: 'changed' })]);
    expect(list[0]?.content).toBe('a');
  });
});

describe('isFollowable', () => {
  it('follows pending assistant messages the server stored', () => {
    expect(isFollowable(message('m1', { status: 'pending' }))).toBe(true);
  });

  it('does not follow settled, user or not-yet-stored messages', () => {
    expect(isFollowable(message('m1', { status: 'done' }))).toBe(false);
    expect(isFollowable(message('m1', { status: 'pending', role: 'user' }))).toBe(false);
    const draft = message(optimisticId(), { status: 'pending' });
    expect(isOptimistic(draft)).toBe(true);
    expect(isFollowable(draft)).toBe(false);
  });
});

describe('followedJobs', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const image = (id: string, overrides: Partial<Message> = {}) =>
    message(id, {
      status: 'done',
      is_image_message: true,
      image_url: 'https://storage.test/p.webp',
      created_at: new Date(now - 60_000).toISOString(),
      ...overrides,
    });
  const verdict = { text: '', sizes: [], reads_at_feed_size: true, hard_to_read: [], boxes: [] };

  it('names only the messages in motion, oldest first, with the revision the chat has', () => {
    const messages = [
      image('checked-1', { legibility: verdict, revision: 3 }),
      image('awaiting-2', { revision: 1 }),
      image('checked-3', { legibility: verdict, revision: 3 }),
      message('pending-4', { status: 'pending' }),
      message('user-5', { role: 'user' }),
    ];
    expect(followedJobs(messages, now)).toEqual([
      { id: 'awaiting-2', revision: 1 },
      { id: 'pending-4', revision: 0 },
    ]);
  });

  it('asks nothing about a finished conversation: every image checked, or its checks given up (null)', () => {
    const messages = [
      image('checked-1', { legibility: verdict }),
      image('no-verdict-2', { legibility: null }),
      message('failed-3', { status: 'error' }),
      message('text-4'),
    ];
    expect(followedJobs(messages, now)).toEqual([]);
  });

  it('stops waiting for the checks of an image sent long ago', () => {
    const old = image('old-1', { created_at: new Date(now - 11 * 60_000).toISOString() });
    expect(followedJobs([old], now)).toEqual([]);
  });
});

describe('isNewerRevision', () => {
  it('takes a later revision and never an earlier or equal one', () => {
    const current = message('m1', { status: 'done', revision: 2 });
    expect(isNewerRevision(current, message('m1', { status: 'done', revision: 3 }))).toBe(true);
    expect(isNewerRevision(current, message('m1', { status: 'pending', revision: 1 }))).toBe(false);
    expect(isNewerRevision(current, message('m1', { status: 'done', revision: 2 }))).toBe(false);
    expect(isNewerRevision(message('m2', { status: 'pending' }), message('m2', { revision: 1 }))).toBe(true);
  });
});
