import { MAX_TITLE_IDEA_LENGTH, TITLE_IDEAS_COUNT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { FAKE_TITLE_IDEAS } from '../../../tests/fakes/fake-http';
import { cleanTitleLine, fitTitle, repeatsThumbnailText, titleIdeasFrom } from './title-ideas';

const request = { subject: 'A man building a log cabin in the snow', thumbnailText: ['30 DAYS'] };

describe('fitTitle', () => {
  it('keeps a title that fits, its spaces tidied', () => {
    expect(fitTitle('  The   Cabin  ')).toBe('The Cabin');
    expect(fitTitle('x'.repeat(MAX_TITLE_IDEA_LENGTH))).toHaveLength(MAX_TITLE_IDEA_LENGTH);
  });

  it('shortens a long title at a word boundary, without a dangling separator or small word', () => {
    const long = 'Building a Tiny Cabin Alone in the Woods With Nothing but Hand Tools';
    const fitted = fitTitle(long) ?? '';
    expect(fitted).toBe('Building a Tiny Cabin Alone in the Woods With Nothing but');
    expect(fitted.length).toBeLessThanOrEqual(MAX_TITLE_IDEA_LENGTH);
    expect(long.startsWith(fitted)).toBe(true);
    expect(fitTitle('Cabin Build: Day One, Part Two, and the', 24)).toBe('Cabin Build: Day One');
  });

  it('gives nothing for a title whose first word alone is too long, or an empty one', () => {
    expect(fitTitle('y'.repeat(MAX_TITLE_IDEA_LENGTH + 1))).toBeUndefined();
    expect(fitTitle('   ')).toBeUndefined();
  });
});

describe('cleanTitleLine', () => {
  it.each([
    ['1. "I Built a Cabin"', 'I Built a Cabin'],
    ['2) “Curly Quoted”', 'Curly Quoted'],
    ['- **Bold Title**', 'Bold Title'],
    ["• 'Single'", 'Single'],
    ['«Angle»', 'Angle'],
    ['10 Ways to Build a Cabin', '10 Ways to Build a Cabin'],
  ])('%s → %s', (line, title) => {
    expect(cleanTitleLine(line)).toBe(title);
  });
});

describe('repeatsThumbnailText', () => {
  it('finds the text as whole words, whatever the case and punctuation', () => {
    expect(repeatsThumbnailText('Only 30 days, really?', ['30 DAYS'])).toBe(true);
    expect(repeatsThumbnailText('30-Days Cabin', ['30 days'])).toBe(true);
    expect(repeatsThumbnailText('The 300 Days Challenge', ['30 DAYS'])).toBe(false);
    expect(repeatsThumbnailText('Anything', ['', '  '])).toBe(false);
  });
});

describe('titleIdeasFrom', () => {
  it("takes the model's titles cleaned and fitted, exactly five", () => {
    const titles = titleIdeasFrom(FAKE_TITLE_IDEAS, { ...request, thumbnailText: [] });
    expect(titles).toEqual([
      'I Built a Cabin in 30 Days',
      'The Cabin Nobody Thought I Could Build',
      'From Bare Land to Dream Cabin',
      'Building a Tiny Cabin Alone in the Woods With Nothing but',
      'Is an Off-Grid Cabin Worth It?',
    ]);
  });

  it("drops titles that repeat the thumbnail's text and duplicates, and fills from the template writer", () => {
    const answer = ['I Built a Cabin in 30 Days', 'Cabin Life', 'cabin life!', '', 'Winter Cabin Tour'].join(
      '\n',
    );
    const titles = titleIdeasFrom(answer, request);
    expect(titles.slice(0, 2)).toEqual(['Cabin Life', 'Winter Cabin Tour']);
    expect(titles).toHaveLength(TITLE_IDEAS_COUNT);
    expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(TITLE_IDEAS_COUNT);
    for (const title of titles) {
      expect(title.length).toBeLessThanOrEqual(MAX_TITLE_IDEA_LENGTH);
      expect(repeatsThumbnailText(title, request.thumbnailText)).toBe(false);
    }
  });

  it('answers five titles with no model answer at all, and ignores lines past the fifth', () => {
    expect(titleIdeasFrom(undefined, request)).toHaveLength(TITLE_IDEAS_COUNT);
    const many = Array.from({ length: 8 }, (_, n) => `Cabin Idea ${n + 1}`).join('\n');
    expect(titleIdeasFrom(many, request)).toEqual([1, 2, 3, 4, 5].map((n) => `Cabin Idea ${n}`));
  });
});
