import { describe, expect, it } from 'vitest';
import { titleFromPrompt } from './title';

describe('titleFromPrompt', () => {
  it('keeps a prompt of at most 50 characters as is', () => {
    const fifty = 'a'.repeat(50);
    expect(titleFromPrompt('Gamer shocked face')).toBe('Gamer shocked face');
    expect(titleFromPrompt(fifty)).toBe(fifty);
  });

  it('cuts a longer prompt to 50 characters plus an ellipsis', () => {
    const prompt = `${'b'.repeat(50)}cdef`;
    expect(titleFromPrompt(prompt)).toBe(`${'b'.repeat(50)}...`);
    expect(titleFromPrompt(prompt)).toHaveLength(53);
  });

  it('collapses whitespace and falls back to the default title when empty', () => {
    expect(titleFromPrompt('  red \n\n car  ')).toBe('red car');
    expect(titleFromPrompt('   ')).toBe('New Conversation');
  });
});
