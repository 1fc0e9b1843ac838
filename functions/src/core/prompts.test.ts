import { describe, expect, it } from 'vitest';
import { buildEditPrompt, buildGenerationPrompt, listNames, peopleNote, SAFE_ZONE_RULES } from './prompts';

const generation = (overrides: Partial<Parameters<typeof buildGenerationPrompt>[0]> = {}) =>
  buildGenerationPrompt({ request: 'A cat astronaut', peopleNames: [], referenceCount: 0, ...overrides });
const edit = (overrides: Partial<Parameters<typeof buildEditPrompt>[0]> = {}) =>
  buildEditPrompt({ request: 'Make it brighter', peopleNames: [], imageCount: 1, ...overrides });

describe('buildGenerationPrompt', () => {
  it('asks for 16:9, no added text unless asked, and the request followed exactly', () => {
    const prompt = generation({ request: '  A cat astronaut with the text "SPACE CAT"  ' });
    expect(prompt).toContain('following it exactly: A cat astronaut with the text "SPACE CAT"');
    expect(prompt).toContain('16:9 widescreen');
    expect(prompt).toContain('Do not add any text to the image unless the request asks for it.');
  });

  it('carries every number of the text safe zone', () => {
    const prompt = generation();
    expect(prompt).toContain(SAFE_ZONE_RULES);
    for (const part of [
      'at least 10% on every edge',
      '1229x819',
      '154 px at the sides',
      '102 px at the top and bottom',
      'bold sans-serif',
      'at least 120 pt',
      'legible when the thumbnail is shown at 200x112 px',
      'one focal point',
      'high contrast',
    ]) {
      expect(prompt).toContain(part);
    }
  });

  it('features selected people prominently, by name', () => {
    const prompt = generation({ peopleNames: ['Ada', 'Babbage'] });
    expect(prompt).toContain(
      'These specific people must appear in the thumbnail and be prominently featured: Ada and Babbage.',
    );
  });

  it('mentions people and references only when there are some', () => {
    expect(generation()).not.toMatch(/specific people|reference image/);
    expect(generation({ referenceCount: 1 })).toContain('the supplied reference image as');
    expect(generation({ referenceCount: 3 })).toContain('the 3 supplied reference images');
  });
});

describe('buildEditPrompt', () => {
  it('asks for the edit, exactly, keeping the rest and the format', () => {
    const prompt = edit();
    expect(prompt).toContain('following the request exactly: Make it brighter');
    expect(prompt).toContain('16:9 widescreen');
    expect(prompt).toContain(SAFE_ZONE_RULES);
    expect(prompt).not.toContain('source images');
  });

  it('adds the selected-people note when people are supplied', () => {
    expect(edit({ peopleNames: ['Ada'] })).toContain(
      'These specific people must appear in the thumbnail and be prominently featured: Ada.',
    );
    expect(edit()).not.toContain('specific people');
  });

  it('says which image to edit when several are sent', () => {
    expect(edit({ imageCount: 3 })).toContain('3 source images are supplied first: edit the last of them');
  });
});

describe('names', () => {
  it('lists names naturally and skips blanks', () => {
    expect(listNames([])).toBe('');
    expect(listNames(['Ada'])).toBe('Ada');
    expect(listNames(['Ada', ' ', 'Bob', 'Cy'])).toBe('Ada, Bob and Cy');
    expect(peopleNote(['  '])).toBeUndefined();
  });
});
