import { describe, expect, it } from 'vitest';
import { loadEmojiKeywords } from './assets';
import { codePointsOf, focalSubject, indexKeywords, matchSubjects, promptWords, stem } from './keywords';

const index = indexKeywords(await loadEmojiKeywords());
const emojiOf = (prompt: string) => matchSubjects(index, prompt).map((subject) => subject.emoji);

describe('matching a prompt’s subjects to emoji through emojilib’s keywords', () => {
  it.each([
    ['cats', 'cat'],
    ['puppies', 'puppy'],
    ['boxes', 'box'],
    ['glasses', 'glass'],
    ['bus', 'bus'],
    ['dog', 'dog'],
  ])('stems %s to %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('finds the named subject by its emoji’s name, plural or not', () => {
    expect(emojiOf('A cat astronaut')[0]).toBe('🐈');
    expect(emojiOf('Three cats')[0]).toBe('🐈');
    expect(emojiOf('volcano eruption')[0]).toBe('🌋');
    expect(emojiOf('a pizza party')).toContain('🍕');
    expect(emojiOf('a house')).toEqual(['🏠']);
    expect(emojiOf('three houses')[0]).toBe('🏘️');
  });

  it('prefers the most specific match: two words naming one emoji, a name over a keyword', () => {
    expect(emojiOf('eating a hot dog')).toEqual(['🌭']);
    const subjects = matchSubjects(index, 'shocked gamer in front of a volcano');
    expect(focalSubject(subjects)?.emoji).toBe('🌋');
  });

  it('ignores stop words, numbers, quoted text and the words it is told to skip', () => {
    expect(emojiOf('Make a new thumbnail with the title "CAT"')).toEqual([]);
    expect(emojiOf('Top 10 of 2024')).toEqual([]);
    expect(matchSubjects(index, 'a red arrow', new Set(['red', 'arrow']))).toEqual([]);
    expect(promptWords('It’s "QUOTED" Ada\'s dog')).toEqual(['it', 's', 'ada', 'dog']);
  });

  it('names Twemoji’s file: code points in hex, the variation selector kept only in joined sequences', () => {
    expect(codePointsOf('🐈')).toBe('1f408');
    expect(codePointsOf('❤️')).toBe('2764');
    expect(codePointsOf('🧑‍🚀')).toBe('1f9d1-200d-1f680');
  });
});
