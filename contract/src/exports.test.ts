import { describe, expect, it } from 'vitest';
import {
  COMPARE_COUNT_TEXT,
  COMPARE_DUPLICATE_TEXT,
  compareFileName,
  compareZipName,
  promptSlug,
  testAndCompareBodySchema,
} from './exports';

const refs = (...ids: string[]) => ids.map((message_id) => ({ message_id }));
const issueOf = (body: unknown) => testAndCompareBodySchema.safeParse(body).error?.issues[0]?.message;

describe('the Test & Compare request', () => {
  it('takes 2 or 3 images, each the first of its message unless an index says otherwise', () => {
    expect(testAndCompareBodySchema.parse({ images: refs('a', 'b') }).images).toEqual([
      { message_id: 'a', index: 0 },
      { message_id: 'b', index: 0 },
    ]);
    const three = { images: [...refs('a', 'b'), { message_id: 'a', index: 1 }] };
    expect(testAndCompareBodySchema.parse(three).images).toHaveLength(3);
  });

  it('refuses 1 or 4 images, and the same image twice, with words a person reads', () => {
    expect(issueOf({ images: refs('a') })).toBe(COMPARE_COUNT_TEXT);
    expect(issueOf({ images: refs('a', 'b', 'c', 'd') })).toBe(COMPARE_COUNT_TEXT);
    expect(COMPARE_COUNT_TEXT).toBe('Choose 2 or 3 thumbnails for Test & Compare.');
    expect(issueOf({ images: [{ message_id: 'a' }, { message_id: 'a', index: 0 }] })).toBe(
      COMPARE_DUPLICATE_TEXT,
    );
  });

  it('refuses an empty id and a negative or fractional index', () => {
    expect(issueOf({ images: refs('', 'b') })).toBeDefined();
    expect(issueOf({ images: [{ message_id: 'a', index: -1 }, ...refs('b')] })).toBeDefined();
    expect(issueOf({ images: [{ message_id: 'a', index: 0.5 }, ...refs('b')] })).toBeDefined();
  });
});

describe('the Test & Compare file names', () => {
  it('number the files in order, each named after its prompt like a download', () => {
    expect(compareFileName(1, 'Epic Minecraft Build!')).toBe('test-and-compare-1-epic_minecraft_build_.jpg');
    expect(compareFileName(3, 'X'.repeat(80))).toBe(`test-and-compare-3-${'x'.repeat(50)}.jpg`);
    expect(compareFileName(2, null)).toBe('test-and-compare-2-thumbnail.jpg');
  });

  it('name the zip after the first prompt', () => {
    expect(compareZipName('Cooking show "PASTA"')).toBe('test-and-compare-cooking_show__pasta_.zip');
    expect(compareZipName('')).toBe('test-and-compare-thumbnail.zip');
  });

  it('slug a prompt as the download name does: lowercase, a-z and 0-9 only, 50 at most', () => {
    expect(promptSlug('Café 🔥')).toBe('caf____');
    expect(promptSlug('   ')).toBe('___');
    expect(promptSlug(undefined)).toBe('thumbnail');
  });
});
