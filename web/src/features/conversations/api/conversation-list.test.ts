import type { Conversation } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { sortByUpdatedDesc } from './conversation-list';

const conversation = (id: string, updated_at: string): Conversation => ({
  id,
  user_id: 'u1',
  title: id,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at,
});

describe('sortByUpdatedDesc', () => {
  it('puts the most recently updated conversation first without mutating the input', () => {
    const input = [
      conversation('old', '2026-03-01T10:00:00.000Z'),
      conversation('new', '2026-03-15T10:00:00.000Z'),
      conversation('mid', '2026-03-10T10:00:00.000Z'),
    ];
    expect(sortByUpdatedDesc(input).map(({ id }) => id)).toEqual(['new', 'mid', 'old']);
    expect(input.map(({ id }) => id)).toEqual(['old', 'new', 'mid']);
  });
});
