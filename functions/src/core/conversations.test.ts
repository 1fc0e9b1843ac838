import { DEFAULT_TITLE, GREETING } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { isUnusedConversation, titleAfterAnswer, titleFromPrompt, titleFromText } from './conversations';

describe('titleFromPrompt', () => {
  it('keeps a short prompt as it is', () => {
    expect(titleFromPrompt('MrBeast style challenge thumbnail')).toBe('MrBeast style challenge thumbnail');
  });

  it('cuts a long prompt to 50 characters and adds an ellipsis', () => {
    const prompt = 'A shocked gamer in front of a giant explosion with neon text saying EPIC WIN';
    const title = titleFromPrompt(prompt);
    expect(title).toBe(`${prompt.slice(0, 50)}...`);
    expect(title.length).toBe(53);
  });

  it('keeps exactly 50 characters without an ellipsis', () => {
    const prompt = 'x'.repeat(50);
    expect(titleFromPrompt(prompt)).toBe(prompt);
  });

  it('falls back to the default title for a blank prompt', () => {
    expect(titleFromPrompt('   ')).toBe(DEFAULT_TITLE);
    expect(titleFromPrompt('\u0000\u001b')).toBe(DEFAULT_TITLE);
  });

  it('never cuts an emoji in half and drops characters that draw nothing', () => {
    const title = titleFromPrompt(`${'a'.repeat(49)}🙂🙂`);
    expect(title).toBe(`${'a'.repeat(49)}🙂...`);
    expect(encodeURIComponent(title)).toBeTruthy(); // throws on half an emoji
    expect(titleFromPrompt('Bold\u0000 \u001b[31mred\ud800 text')).toBe('Bold [31mred\uFFFD text');
  });
});

describe('titleFromText (a rename)', () => {
  it('trims, joins runs of spaces and cuts to 50 characters like every title', () => {
    expect(titleFromText('  Gaming   channel  ')).toBe('Gaming channel');
    expect(titleFromText('y'.repeat(60))).toBe(`${'y'.repeat(50)}...`);
  });

  it('has nothing for a name that is blank or draws nothing', () => {
    expect(titleFromText('   ')).toBeUndefined();
    expect(titleFromText('\u0000\u001b')).toBeUndefined();
  });
});

describe('isUnusedConversation', () => {
  const greeting = { role: 'assistant' as const };
  const prompt = { role: 'user' as const };
  const untitled = { title: DEFAULT_TITLE };

  it('is unused while it holds only the greeting, or nothing', () => {
    expect(isUnusedConversation(untitled, [greeting])).toBe(true);
    expect(isUnusedConversation(untitled, [])).toBe(true);
  });

  it('is used once the user wrote in it, even before any answer named it', () => {
    expect(isUnusedConversation(untitled, [greeting, prompt])).toBe(false);
    // The send's pair may list its answer first: the prompt is still among the first three.
    expect(isUnusedConversation(untitled, [greeting, greeting, prompt])).toBe(false);
  });

  it('is used once it has a title of its own', () => {
    expect(isUnusedConversation({ title: 'Gaming channel' }, [greeting])).toBe(false);
  });
});

describe('GREETING', () => {
  it('says it is a thumbnail generator that creates high-quality images from detailed descriptions', () => {
    expect(GREETING).toMatch(/thumbnail generator/);
    expect(GREETING).toMatch(/high-quality images from detailed descriptions/);
  });
});

describe('titleAfterAnswer', () => {
  it('names an untitled conversation after the prompt of its first exchange', () => {
    expect(
      titleAfterAnswer({ currentTitle: DEFAULT_TITLE, userMessagesSoFar: 1, prompt: 'Cat astronaut' }),
    ).toBe('Cat astronaut');
  });

  it('keeps the title after later exchanges, and a title the user chose', () => {
    expect(
      titleAfterAnswer({ currentTitle: DEFAULT_TITLE, userMessagesSoFar: 2, prompt: 'x' }),
    ).toBeUndefined();
    expect(titleAfterAnswer({ currentTitle: 'Mine', userMessagesSoFar: 1, prompt: 'x' })).toBeUndefined();
  });
});
