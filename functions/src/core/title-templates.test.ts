import { MAX_TITLE_IDEA_LENGTH, TITLE_IDEAS_COUNT } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { offlineTitleIdeas, repeatsThumbnailText } from './title-ideas';
import { headline, titleTemplates } from './title-templates';

const checked = (titles: string[], thumbnailText: string[] = []) => {
  expect(titles).toHaveLength(TITLE_IDEAS_COUNT);
  expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(TITLE_IDEAS_COUNT);
  for (const title of titles) {
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_IDEA_LENGTH);
    expect(repeatsThumbnailText(title, thumbnailText)).toBe(false);
  }
};

describe('headline', () => {
  it("takes the request's own wording off a prompt and capitalises its main words", () => {
    expect(headline('Make a YouTube thumbnail of a red fox jumping over a log with the text')).toBe(
      'Red Fox Jumping Over a Log',
    );
    expect(headline('  a cat astronaut in space.  ')).toBe('Cat Astronaut in Space');
    expect(headline('')).toBe('');
  });
});

describe('the template writer', () => {
  it('writes five distinct titles about the subject, each within the limit', () => {
    const titles = offlineTitleIdeas({ subject: 'a red fox jumping over a log', thumbnailText: [] });
    checked(titles);
    expect(titles.every((title) => title.includes('Red Fox Jumping Over a Log'))).toBe(true);
  });

  it("starts from the video's title when there is one", () => {
    const titles = offlineTitleIdeas({
      subject: 'a red fox',
      thumbnailText: [],
      videoTitle: 'My Fox Rescue Story',
    });
    checked(titles);
    expect(titles.every((title) => title.includes('My Fox Rescue Story'))).toBe(true);
  });

  it('is deterministic, and shortens a long topic at a word boundary to fit each pattern', () => {
    const subject =
      'an enormous ancient dragon sleeping on a mountain of gold coins under a stormy purple sky';
    const titles = offlineTitleIdeas({ subject, thumbnailText: [] });
    expect(offlineTitleIdeas({ subject, thumbnailText: [] })).toEqual(titles);
    checked(titles);
    for (const title of titles) expect(title).toMatch(/Enormous Ancient Dragon/);
  });

  it("never repeats the thumbnail's text, even when the topic holds it", () => {
    const request = { subject: 'a cat', thumbnailText: ['FOX RESCUE'], videoTitle: 'My Fox Rescue Story' };
    checked(offlineTitleIdeas(request), request.thumbnailText);
  });

  it('still writes five titles with no subject', () => {
    checked(offlineTitleIdeas({ subject: '', thumbnailText: [] }));
    expect(titleTemplates({ subject: '', thumbnailText: [] }).length).toBeGreaterThanOrEqual(
      TITLE_IDEAS_COUNT,
    );
  });
});
