import { type Message, messageSchema } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { isFollowable, isOptimistic, mergeMessages, optimisticId } from './message-cache';

const build = (id: string, overrides: Partial<Message> = {}): Message =>
  messageSchema.parse({
    id,
    conversation_id: 'c1',
    user_id: 'u1',
    role: 'assistant',
    content: id,
    created_at: '2026-03-15T12:00:00.000Z',
    ...overrides,
  });

// The web app relies on the contract's defaults for fields an answer leaves out.
describe('messageSchema', () => {
  it('fills the optional stored fields with their defaults', () => {
    expect(build('m1')).toMatchObject({
      uploaded_images: null,
      image_url: null,
      full_image_url: null,
      download_url: null,
      is_image_message: false,
      is_edit: false,
      status: 'done',
    });
  });

  it('rejects an unknown role', () => {
    expect(() => build('m1', { role: 'system' as Message['role'] })).toThrow();
  });
});

describe('mergeMessages', () => {
  it('replaces known messages in place and appends new ones', () => {
    const list = [build('a'), build('b', { status: 'pending' })];
    const merged = mergeMessages(list, [build('b', { status: 'done', content: 'ready' }), build('c')]);
    expect(merged.map((message) => [message.id, message.status, message.content])).toEqual([
      ['a', 'done', 'a'],
      ['b', 'done', 'ready'],
      ['c', 'done', 'c'],
    ]);
  });

  it('does not change the list it was given', () => {
    const list = [build('a')];
    mergeMessages(list, [build('a', { content: 'changed' })]);
    expect(list[0]?.content).toBe('a');
  });
});

describe('isFollowable', () => {
  it('follows pending assistant messages the server stored', () => {
    expect(isFollowable(build('m1', { status: 'pending' }))).toBe(true);
  });

  it('does not follow settled, user or not-yet-stored messages', () => {
    expect(isFollowable(build('m1', { status: 'done' }))).toBe(false);
    expect(isFollowable(build('m1', { status: 'pending', role: 'user' }))).toBe(false);
    const draft = build(optimisticId(), { status: 'pending' });
    expect(isOptimistic(draft)).toBe(true);
    expect(isFollowable(draft)).toBe(false);
  });
});
