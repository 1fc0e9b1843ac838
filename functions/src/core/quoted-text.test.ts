import { describe, expect, it } from 'vitest';
import { quotedText } from './quoted-text';

describe('the text a prompt quotes', () => {
  it.each([
    ['A cat "SPACE CAT"', 'SPACE CAT'],
    ['Title “BIG WIN” and "NOW"', 'BIG WIN NOW'],
    ['«Salut»', 'Salut'],
    ["It's a dog's life", undefined],
    ['empty "" quotes', undefined],
  ])('quotedText(%j) is %j', (prompt, expected) => {
    expect(quotedText(prompt)).toBe(expected);
  });
});
