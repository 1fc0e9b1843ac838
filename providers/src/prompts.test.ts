import { LAYER_TEXT_AREA } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import {
  buildEditPrompt,
  buildGenerationPrompt,
  buildRegionEditPrompt,
  imageLabel,
  listNames,
  NO_TEXT_RULE,
  type PromptPerson,
  peopleNote,
  REGION_RULES,
  SAFE_ZONE_RULES,
  TEXT_AREA_RULES,
  TITLE_STAND_IN,
} from './prompts';

const generation = (overrides: Partial<Parameters<typeof buildGenerationPrompt>[0]> = {}) =>
  buildGenerationPrompt({ request: 'A cat astronaut', people: [], referenceCount: 0, ...overrides });
const edit = (overrides: Partial<Parameters<typeof buildEditPrompt>[0]> = {}) =>
  buildEditPrompt({ request: 'Make it brighter', people: [], imageCount: 1, ...overrides });
/** People without photos, as when only their names are known. */
const named = (...names: string[]): PromptPerson[] => names.map((name) => ({ name, imageNumbers: [] }));
const ada = (...imageNumbers: number[]): PromptPerson => ({ name: 'Ada', imageNumbers });
const bob = (...imageNumbers: number[]): PromptPerson => ({ name: 'Bob', imageNumbers });
/** Where a text first occurs, failing the test when it is missing. */
const at = (prompt: string, text: string) => {
  expect(prompt).toContain(text);
  return prompt.indexOf(text);
};

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
    const prompt = generation({ people: named('Ada', 'Babbage') });
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
    expect(edit({ people: named('Ada') })).toContain(
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

describe('people first', () => {
  it('opens a new image with who each person is and which images show them, then the request', () => {
    const prompt = generation({ people: [ada(2, 3), bob(4)], referenceCount: 1 });
    const lines = prompt.split('\n');

    expect(lines[0]).toBe('The attached images are numbered from 1 in the order they are attached.');
    expect(lines[1]).toMatch(/^Images 2–3 show Ada: keep Ada's exact face and likeness/);
    expect(lines[2]).toMatch(/^Image 4 shows Bob: keep Bob's exact face and likeness/);
    expect(lines[3]).toMatch(
      /^These specific people must appear in the thumbnail and be prominently featured: Ada and Bob\./,
    );
    expect(lines[4]).toBe(
      'Create a YouTube thumbnail for this request, following it exactly: A cat astronaut',
    );
    expect(at(prompt, 'show Ada')).toBeLessThan(at(prompt, 'A cat astronaut'));
    expect(prompt).toContain('instantly recognisable');
  });

  it('labels references as composition and style only, never as faces, when people are selected', () => {
    const one = generation({ people: [ada(2)], referenceCount: 1 });
    expect(one).toContain(
      'Use the supplied reference image as a guide to composition and style only (Image 1)',
    );
    expect(one).toContain("Take no face from it: faces come only from the people's photos.");
    const three = generation({ people: [ada(4)], referenceCount: 3 });
    expect(three).toContain(
      'Use the 3 supplied reference images as a guide to composition and style only (Images 1–3)',
    );
    expect(three).toContain('Take no face from them');
    expect(at(three, 'Image 4 shows Ada')).toBeLessThan(at(three, 'supplied reference images'));
  });

  it('keeps the plain wording, with numbers, and no identity or prominence note without people', () => {
    const prompt = generation({ referenceCount: 2 });
    expect(prompt).toContain(
      'Use the 2 supplied reference images as the visual reference for the thumbnail (Images 1–2).',
    );
    expect(prompt).not.toMatch(/prominently|numbered|exact face|composition and style/);
    expect(prompt.split('\n')[0]).toMatch(/^Create a YouTube thumbnail/);
    expect(edit({ imageCount: 2 })).not.toMatch(
      /prominently|numbered|exact face|composition and style|keeps their face/,
    );
  });

  it('still carries the format, no-added-text, exact-request and safe-zone rules with people', () => {
    for (const prompt of [generation({ people: [ada(1)] }), edit({ people: [ada(2)] })]) {
      expect(prompt).toContain('16:9 widescreen');
      expect(prompt).toContain('Do not add any text to the image unless the request asks for it.');
      expect(prompt).toMatch(/following (it|the request) exactly/);
      expect(prompt).toContain(SAFE_ZONE_RULES);
    }
  });

  it('opens an edit with the people, numbered after the source images, then the request', () => {
    const prompt = edit({ request: 'Put Ada on the left', people: [ada(3, 4)], imageCount: 2 });
    const lines = prompt.split('\n');

    expect(lines[0]).toBe('The attached images are numbered from 1 in the order they are attached.');
    expect(lines[1]).toMatch(/^Images 3–4 show Ada: keep Ada's exact face/);
    expect(lines[2]).toMatch(/prominently featured: Ada\./);
    expect(lines[3]).toBe(
      'Edit the thumbnail as requested, following the request exactly: Put Ada on the left',
    );
    expect(prompt).toContain(
      '2 source images are supplied first: edit the last of them (Image 2) and use the others (Image 1) as ' +
        'reference for composition and style only, taking no face from them. Anyone already in it keeps their face.',
    );
  });

  it('names the single image to edit, which keeps its faces', () => {
    expect(edit()).toContain('Image 1 is the thumbnail to edit.');
    expect(edit({ people: [ada(2)] })).toContain(
      'Image 1 is the thumbnail to edit. Anyone already in it keeps their face.',
    );
  });

  it('names people whose photos could not be sent, and blank names by position', () => {
    const prompt = generation({ people: [ada(), { name: ' ', imageNumbers: [1] }] });
    expect(prompt).toContain('Ada has no attached photo; show Ada as the request describes.');
    expect(prompt).toContain('Image 1 shows Person 2');
    expect(prompt).toContain('prominently featured: Ada and Person 2.');
  });
});

describe('imageLabel', () => {
  it.each([
    [[3], 'Image 3'],
    [[1, 2], 'Images 1–2'],
    [[2, 4], 'Images 2 and 4'],
    [[5, 1, 2, 3], 'Images 1–3 and 5'],
    [[1, 3, 5], 'Images 1, 3 and 5'],
    [[4, 6, 7], 'Images 4 and 6–7'],
  ])('numbers %j as %j', (numbers, label) => {
    expect(imageLabel(numbers)).toBe(label);
  });
});

describe('the variation note', () => {
  const request = { request: 'A cat astronaut', people: [], referenceCount: 0 };
  const edit = { request: 'Make it brighter', people: [], imageCount: 1 };

  it('leaves the first variation as it was, and asks each later one for another composition', () => {
    expect(buildGenerationPrompt({ ...request, variation: 0 })).toBe(buildGenerationPrompt(request));
    const prompts = [0, 1, 2, 3].map((variation) => buildGenerationPrompt({ ...request, variation }));
    expect(new Set(prompts).size).toBe(4);
    expect(prompts[1]).toContain('This is variation 2 of the same request');
    expect(prompts[2]).toContain('close-up');
  });

  it('asks each variation of an edit for another take on the change', () => {
    expect(buildEditPrompt({ ...edit, variation: 0 })).toBe(buildEditPrompt(edit));
    const prompts = [0, 1, 2, 3].map((variation) => buildEditPrompt({ ...edit, variation }));
    expect(new Set(prompts).size).toBe(4);
  });
});

describe('text drawn as a layer', () => {
  const request = 'A jungle survival thumbnail with the title "I SURVIVED" and a man in a hat';
  const textLayer = { text: 'I SURVIVED' };
  const layered = [
    generation({ request, textLayer }),
    generation({ request, textLayer, people: [ada(1)], referenceCount: 1, variation: 2 }),
    edit({ request: 'Change the title to "I SURVIVED"', textLayer }),
    edit({ request: 'Change the title to "I SURVIVED"', textLayer, people: [ada(2)], imageCount: 2 }),
  ];

  it('asks for the picture without any text, letters, numbers, captions, logos or watermarks', () => {
    for (const prompt of layered) {
      expect(prompt).toContain(
        'Draw the image without any text, letters, numbers, captions, logos or watermarks',
      );
      expect(prompt).toContain(NO_TEXT_RULE);
      expect(prompt).toContain('16:9 widescreen');
      // Neither the rule that lets the request ask for text, nor where asked-for text goes.
      expect(prompt).not.toContain('unless the request asks for it');
      expect(prompt).not.toContain(SAFE_ZONE_RULES);
    }
  });

  it('keeps the main subject out of the area the layer goes in, and that area calm, inside the margins', () => {
    expect(LAYER_TEXT_AREA.words).toBe('the left half');
    for (const prompt of layered) {
      expect(prompt).toContain(TEXT_AREA_RULES);
      expect(prompt).toContain(
        'Leave the left half of the frame, inside a margin of at least 10% on every edge',
      );
      expect(prompt).toContain('calm and uncluttered');
      expect(prompt).toContain('Keep the main subject out of the left half');
    }
  });

  it('sends the quoted words as the topic, never as words to write, and follows the rest of the request', () => {
    const [prompt = ''] = layered;
    expect(prompt).not.toContain('"I SURVIVED"');
    expect(prompt).toContain(
      `following it exactly: A jungle survival thumbnail with the title ${TITLE_STAND_IN} and a man in a hat`,
    );
    expect(prompt).toContain(
      `${TITLE_STAND_IN} is the thumbnail's title, set over the finished image afterwards`,
    );
    expect(prompt).toContain('never write it');
    expect(prompt).toContain('only to tell the topic: I SURVIVED');
    expect(at(prompt, 'following it exactly')).toBeLessThan(at(prompt, `${TITLE_STAND_IN} is the`));
    for (const quotes of ['“I SURVIVED”', '«I SURVIVED»']) {
      expect(generation({ request: `A jungle, ${quotes}`, textLayer })).not.toContain(quotes);
    }
  });

  it('has an edit take out any text the image had', () => {
    expect(layered[2]).toContain('Remove any text the thumbnail already has.');
    expect(edit({ request: 'Change the title to "I SURVIVED"' })).not.toContain('Remove any text');
  });

  it('leaves the instruction as it was without a layer: the quoted text is asked for as written', () => {
    const prompt = generation({ request });
    expect(prompt).toContain(`following it exactly: ${request}`);
    expect(prompt).toContain(SAFE_ZONE_RULES);
    expect(prompt).not.toMatch(/TITLE|without any text|left half/);
    expect(generation({ request, textLayer: undefined })).toBe(prompt);
  });
});

describe('buildRegionEditPrompt', () => {
  const region = (overrides: Partial<Parameters<typeof buildRegionEditPrompt>[0]> = {}) =>
    buildRegionEditPrompt({
      request: ' make his shirt red ',
      people: [],
      imageCount: 1,
      form: 'mask',
      ...overrides,
    });

  it('sent with a mask: the change goes in the masked area only, everything else stays exactly as it is', () => {
    const prompt = region();
    expect(prompt).toContain('following the request exactly: make his shirt red');
    expect(prompt).toContain(REGION_RULES.mask);
    expect(prompt).toContain('Change only the masked area of Image 1');
    expect(prompt).toContain('Everything outside the masked area must stay exactly as it is');
    expect(prompt).toContain('Image 1 is the thumbnail to edit.');
    expect(prompt).not.toContain(REGION_RULES.crop);
  });

  it('sent as a crop: says it is a crop of a larger picture, to fit back without a seam', () => {
    const prompt = region({ form: 'crop' });
    expect(prompt).toContain('Image 1 is a crop of a larger picture');
    expect(prompt).toContain('fits back into the picture around it without a seam');
    expect(prompt).toContain('Image 1 is the crop to edit.');
    expect(prompt).not.toContain('16:9');
  });

  it('names the other source images as reference, and the people first', () => {
    const prompt = region({ imageCount: 3, people: [ada(4)] });
    expect(at(prompt, "keep Ada's exact face")).toBeLessThan(at(prompt, 'Edit one area'));
    expect(prompt).toContain('Image 1 is the thumbnail to edit; use Images 2–3 as reference for composition');
    expect(prompt).toContain('Anyone already in it keeps their face.');
  });

  it('adds no text of its own, and none at all when the title is a layer', () => {
    expect(region()).toContain('Do not add any text unless the request asks for it.');
    const layered = region({ request: 'make the sign say "HI"', textLayer: { text: 'HI' } });
    expect(layered).toContain(NO_TEXT_RULE);
    expect(layered).toContain(TITLE_STAND_IN);
  });

  it('words a later variation as another take on the same change', () => {
    expect(region({ variation: 1 })).toContain('This is variation 2 of the same request');
    expect(region()).not.toContain('variation');
  });
});
