import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_TEXT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { acceptImageFiles, NOT_AN_IMAGE, TOO_MANY } from './attachment-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('acceptImageFiles', () => {
  it('accepts image files of any image type', () => {
    const files = [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.webp', 'image/webp')];
    expect(acceptImageFiles(files, 0)).toEqual({ accepted: files, problems: [] });
  });

  it('leaves out other types and says why', () => {
    const { accepted, problems } = acceptImageFiles(
      [file('notes.pdf', 'application/pdf'), file('a.png', 'image/png'), file('x', '')],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(problems).toEqual([NOT_AN_IMAGE]);
  });

  it('leaves out images over 10 MB', () => {
    const { accepted, problems } = acceptImageFiles(
      [file('big.png', 'image/png', MAX_UPLOAD_BYTES + 1), file('ok.png', 'image/png', MAX_UPLOAD_BYTES)],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(problems).toEqual([UPLOAD_TOO_LARGE_TEXT]);
  });

  it('stops at four attachments, counting those already attached', () => {
    const files = ['1', '2', '3'].map((n) => file(`${n}.png`, 'image/png'));
    const { accepted, problems } = acceptImageFiles(files, 2);
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(problems).toEqual([TOO_MANY]);
    expect(acceptImageFiles(files, 5).accepted).toEqual([]);
  });
});
