import { describe, expect, it } from 'vitest';
import { type Message, mergeMessages, messageSchema } from './message-schema';

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

describe('messageSchema', () => {
  it('fills the optional stored fields with their defaults', () => {
    expect(build('m1')).toMatchObject({
      uploaded_images: null,
      image_url: null,
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
