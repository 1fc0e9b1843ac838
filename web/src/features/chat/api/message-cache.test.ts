import type { Message } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { message } from '../../../test/fixtures';
import { isFollowable, isOptimistic, mergeMessages, optimisticId } from './message-cache';

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
