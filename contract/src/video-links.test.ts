import { describe, expect, it } from 'vitest';
import { INVALID_VIDEO_LINK_TEXT as INVALID_VIDEO_URL } from './texts';
import { findVideoLink, parseVideoLink } from './video-links';

const ID = 'dQw4w9WgXcQ';

describe('parseVideoLink', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?v=${ID}&t=42s`],
    [`https://m.youtube.com/watch?feature=share&v=${ID}`],
    [`http://www.youtube.com/watch?v=${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abc123`],
    [`youtu.be/${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube.com/v/${ID}?version=3`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://YouTube.com/shorts/${ID}/`],
    [ID],
    [`  ${ID}  `],
  ])('extracts the id from %s', (input) => {
    expect(parseVideoLink(input)).toEqual({ ok: true, videoId: ID });
  });

  it.each([
    ['https://vimeo.com/123'],
    [`https://notyoutube.com/watch?v=${ID}`],
    [`https://youtube.com.evil.example/watch?v=${ID}`],
    [`https://music.youtube.com/watch?v=${ID}`],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch'],
    [`https://www.youtube.com/channel/${ID}`],
    [`https://www.youtube.com/embed/${ID}/extra`],
    ['https://youtu.be/'],
    [`https://youtu.be/${ID}x`],
    [`ftp://youtu.be/${ID}`],
    [`javascript:alert('${ID}')`],
    ['dQw4w9WgXc'],
    ['dQw4w9WgXcQ!'],
    ['hello world'],
    [''],
  ])('rejects %s with "Invalid YouTube URL"', (input) => {
    expect(parseVideoLink(input)).toEqual({ ok: false, error: INVALID_VIDEO_URL });
  });

  it('uses "Invalid YouTube URL" for the error', () => {
    expect(INVALID_VIDEO_URL).toBe('Invalid YouTube URL');
  });
});

describe('findVideoLink', () => {
  it('finds a link inside a message and strips trailing punctuation', () => {
    expect(findVideoLink(`Make one like https://youtu.be/${ID}.`)).toEqual({
      url: `https://youtu.be/${ID}`,
      videoId: ID,
    });
  });

  it('finds a link written without a scheme', () => {
    expect(findVideoLink(`like (www.youtube.com/shorts/${ID}) please`)?.videoId).toBe(ID);
  });

  it('skips an invalid link and takes the next valid one', () => {
    const text = `not https://www.youtube.com/watch?v=bad but https://www.youtube.com/embed/${ID}`;
    expect(findVideoLink(text)?.videoId).toBe(ID);
  });

  it('ignores other hosts, look-alike hosts and bare words', () => {
    expect(findVideoLink(`see https://vimeo.com/1 or notyoutube.com/watch?v=${ID}`)).toBeUndefined();
    expect(findVideoLink('a spectacular thumbnail')).toBeUndefined();
  });
});
