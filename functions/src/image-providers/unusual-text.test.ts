import type { GenerationResult } from '@thumbnail-studio/providers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useFakeProviders } from '../../../tests/support/fake-providers';
import { hasLoneSurrogate, providerAgainst, UNUSUAL_TEXTS } from '../../../tests/support/providers';
import { createLocalProvider } from './local';

/** No character in a prompt fails a job, on any provider's path. */

const fakes = useFakeProviders();
const openai = providerAgainst('openai', () => fakes.openai.url);
const gemini = providerAgainst('gemini', () => fakes.gemini.url);

const unusual = Object.entries(UNUSUAL_TEXTS);
const history = (text: string) => [{ role: 'user' as const, text, hasImages: false }];
/** Every string in a recorded JSON body, at any depth. */
const stringsOf = (body: unknown): string[] =>
  typeof body === 'string'
    ? [body]
    : body && typeof body === 'object'
      ? Object.values(body).flatMap(stringsOf)
      : [];
const image = async (result: GenerationResult) => {
  if (result.type !== 'image') throw new Error(`expected an image, got ${result.content}`);
  return sharp(result.image.bytes).metadata();
};

describe.each(unusual)('a prompt with %s', (_name, text) => {
  // Two renders, each about a second of a busy machine's CPU.
  it('draws the offline thumbnail with it quoted, in a new image and an edit', {
    timeout: 20_000,
  }, async () => {
    const local = createLocalProvider();
    const prompt = `A thumbnail saying "${text}" and “${text}”`;
    const generated = await local.generate({ prompt, references: [], people: [] });
    expect(await image(generated)).toMatchObject({ width: 1536, height: 864 });
    const base = generated.type === 'image' ? generated.image : undefined;
    const edited = await local.edit({ prompt, images: base ? [base] : [], people: [] });
    expect(await image(edited)).toMatchObject({ width: 1536, height: 864 });
  });

  it('reaches OpenAI as well-formed Unicode, for the image and the classifier', async () => {
    const provider = await openai();
    expect((await provider.generate({ prompt: text, references: [], people: [] })).type).toBe('image');
    await provider.classify(history(text), text);
    const sent = fakes.openai.requests.flatMap((request) => stringsOf(request.body));
    expect(sent.filter(hasLoneSurrogate)).toEqual([]);
  });

  it('reaches Gemini as well-formed Unicode, for the image and the classifier', async () => {
    const provider = await gemini();
    expect((await provider.generate({ prompt: text, references: [], people: [] })).type).toBe('image');
    await provider.classify(history(text), text);
    const sent = fakes.gemini.requests.flatMap((request) => stringsOf(request.body));
    expect(sent.filter(hasLoneSurrogate)).toEqual([]);
  });
});
