import { describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER, imageProviders, isImageProviderId } from './providers';

describe('imageProviders', () => {
  it('offers gemini (default) and openai with the SPEC labels', () => {
    expect(imageProviders).toEqual([
      { id: 'gemini', label: 'Gemini Nano Banana' },
      { id: 'openai', label: 'OpenAI GPT-Image' },
    ]);
    expect(DEFAULT_PROVIDER).toBe('gemini');
  });

  it('recognises only known provider ids', () => {
    expect(isImageProviderId('openai')).toBe(true);
    expect(isImageProviderId('midjourney')).toBe(false);
    expect(isImageProviderId(null)).toBe(false);
  });
});
