import { describe, expect, it } from 'vitest';
import { findVideoLinks, pastedVideoId } from './video-links';

describe('findVideoLinks', () => {
  it('finds every link form on the video hosts, without trailing punctuation', () => {
    const text =
      'Like https://www.youtube.com/watch?v=dQw4w9WgXcQ, or youtu.be/abcdefghijk! Also ' +
      'http://m.youtube.com/shorts/AAAAAAAAAAA and https://youtube.com/embed/BBBBBBBBBBB.';
    expect(findVideoLinks(text)).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtu.be/abcdefghijk',
      'http://m.youtube.com/shorts/AAAAAAAAAAA',
      'https://youtube.com/embed/BBBBBBBBBBB',
    ]);
  });

  it('keeps near-misses for the backend to refuse, and lists a link once', () => {
    expect(findVideoLinks('see youtube.com/watch?v=short youtube.com/watch?v=short')).toEqual([
      'youtube.com/watch?v=short',
    ]);
  });

  it('ignores other hosts and hosts that merely end like the video site', () => {
    expect(findVideoLinks('https://vimeo.com/123 https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toEqual([]);
    expect(findVideoLinks('a spectacular thumbnail')).toEqual([]);
  });
});

describe('pastedVideoId', () => {
  it('accepts an 11-character id pasted alone', () => {
    expect(pastedVideoId(' dQw4w9WgXcQ\n')).toBe('dQw4w9WgXcQ');
  });

  it('refuses anything else', () => {
    expect(pastedVideoId('dQw4w9WgXc')).toBeUndefined();
    expect(pastedVideoId('watch dQw4w9WgXcQ')).toBeUndefined();
    expect(pastedVideoId('dQw4w9WgXc$')).toBeUndefined();
  });
});
