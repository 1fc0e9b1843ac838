import { describe, expect, it } from 'vitest';
import { quotedText, replaceQuotedText } from './quoted-text';

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

  it('stands something in for each quoted text, quotes and all, and leaves empty quotes be', () => {
    expect(replaceQuotedText('Title “BIG WIN” and "NOW", «Salut» and " "', '[T]')).toBe(
      'Title [T] and [T], [T] and " "',
    );
    expect(replaceQuotedText("It's a dog's life", '[T]')).toBe("It's a dog's life");
  });
});
