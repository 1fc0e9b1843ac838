import { describe, expect, it } from 'vitest';
import { FAKE_TITLE_IDEAS, TITLE_REQUEST_MARK } from '../../tests/fakes/fake-http';
import { useFakeProviders } from '../../tests/support/fake-providers';
import { providerAgainst } from '../../tests/support/providers';
import { TITLE_IDEAS_INSTRUCTIONS, titleIdeasMessage } from './title-ideas';

const fakes = useFakeProviders();
const openai = providerAgainst('openai', () => fakes.openai.url);
const gemini = providerAgainst('gemini', () => fakes.gemini.url);

const request = {
  subject: 'A man building a log cabin in a snowy forest',
  thumbnailText: ['30 DAYS'],
  videoTitle: 'Building My Cabin',
};
const message = [
  'The thumbnail shows: A man building a log cabin in a snowy forest',
  "The thumbnail's text (do not repeat it): 30 DAYS",
  "The video's current title: Building My Cabin",
].join('\n');

describe('the title ideas request', () => {
  it('tells the model the limits and the rules, in the words the fakes know it by', () => {
    expect(TITLE_IDEAS_INSTRUCTIONS.startsWith(TITLE_REQUEST_MARK)).toBe(true);
    expect(TITLE_IDEAS_INSTRUCTIONS).toContain('exactly 5 different titles');
    expect(TITLE_IDEAS_INSTRUCTIONS).toContain('at most 60 characters');
  });

  it("gives the subject, the thumbnail's text and the video's title; says when there is no text", () => {
    expect(titleIdeasMessage(request)).toBe(message);
    expect(titleIdeasMessage({ subject: 'A fox', thumbnailText: [] })).toBe(
      'The thumbnail shows: A fox\nThe thumbnail has no text.',
    );
  });
});

describe('title ideas through OpenAI', () => {
  it("asks the classifier's model by chat completions and answers its text", async () => {
    expect(await (await openai()).writeTitles(request)).toBe(FAKE_TITLE_IDEAS);
    expect(fakes.openai.requests[0]?.path).toBe('/v1/chat/completions');
    expect(fakes.openai.requests[0]?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: TITLE_IDEAS_INSTRUCTIONS },
        { role: 'user', content: message },
      ],
      temperature: 0.8,
      max_tokens: 300,
    });
  });

  it('makes one attempt only, and throws without a key', async () => {
    fakes.openai.failNext(1, 500);
    await expect((await openai()).writeTitles(request)).rejects.toThrow();
    expect(fakes.openai.requests).toHaveLength(1);
    await expect((await openai({}, null)).writeTitles(request)).rejects.toThrow(/OPENAI_API_KEY/);
  });
});

describe('title ideas through Gemini', () => {
  it("asks the classifier's model with the instructions as system instruction and answers its text", async () => {
    fakes.gemini.titlesAnswer('One\nTwo');
    expect(await (await gemini()).writeTitles(request)).toBe('One\nTwo');
    expect(fakes.gemini.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash-lite:generateContent');
    expect(fakes.gemini.requests[0]?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: message }] }],
      systemInstruction: { role: 'user', parts: [{ text: TITLE_IDEAS_INSTRUCTIONS }] },
      generationConfig: { temperature: 0.8, maxOutputTokens: 300 },
    });
  });

  it('makes one attempt only, and throws without a key', async () => {
    fakes.gemini.failNext(1, 500);
    await expect((await gemini()).writeTitles(request)).rejects.toThrow();
    expect(fakes.gemini.requests).toHaveLength(1);
    await expect((await gemini({}, null)).writeTitles(request)).rejects.toThrow(/GEMINI_API_KEY/);
  });
});
