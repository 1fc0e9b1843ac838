import { PROVIDER_LABELS as providerLabels } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { availableProviders, createProvider, isProviderId } from './index';
import { readProviderSettings } from './settings';

describe('availableProviders', () => {
  it('offers only the offline provider without keys, where it is allowed', () => {
    expect(availableProviders({}, true)).toEqual(['local']);
    expect(availableProviders({ OPENAI_API_KEY: ' ', GEMINI_API_KEY: '' }, true)).toEqual(['local']);
  });

  it('offers nothing without keys where the offline provider is not allowed', () => {
    expect(availableProviders({}, false)).toEqual([]);
    expect(availableProviders({ OPENAI_API_KEY: ' ' }, false)).toEqual([]);
  });

  it('offers the configured providers, gemini first as the default, and never the offline one beside them', () => {
    for (const offline of [true, false]) {
      expect(availableProviders({ OPENAI_API_KEY: 'sk-1' }, offline)).toEqual(['openai']);
      expect(availableProviders({ GEMINI_API_KEY: 'g' }, offline)).toEqual(['gemini']);
      expect(availableProviders({ OPENAI_API_KEY: 'sk-1', GEMINI_API_KEY: 'g' }, offline)).toEqual([
        'gemini',
        'openai',
      ]);
    }
  });

  it('labels the providers for the picker', () => {
    expect(providerLabels.gemini).toBe('Gemini Nano Banana');
    expect(providerLabels.openai).toBe('OpenAI GPT-Image');
    expect(providerLabels.local).toMatch(/offline/i);
  });
});

describe('createProvider', () => {
  it('builds each provider by id', async () => {
    expect((await createProvider('local', {}, {})).id).toBe('local');
    expect((await createProvider('openai', {}, {})).id).toBe('openai');
    expect((await createProvider('gemini', { GEMINI_API_KEY: 'g' }, {})).id).toBe('gemini');
  });

  it('refuses an unknown id', async () => {
    await expect(createProvider('dall-e', {}, {})).rejects.toThrow('Unknown image provider: dall-e');
    expect(isProviderId('toString')).toBe(false);
  });

  it('fails loudly, naming the variable, on a bad setting', async () => {
    await expect(createProvider('openai', {}, { PROVIDER_TIMEOUT_MS: 'soon' })).rejects.toThrow(
      /PROVIDER_TIMEOUT_MS/,
    );
    await expect(createProvider('gemini', {}, { GEMINI_BASE_URL: 'not a url' })).rejects.toThrow(
      /GEMINI_BASE_URL/,
    );
  });
});

describe('provider settings', () => {
  it('has the documented defaults, and blank values fall back to them', () => {
    expect(readProviderSettings({ OPENAI_IMAGE_MODEL: '' })).toEqual({
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      OPENAI_CLASSIFIER_MODEL: 'gpt-4o-mini',
      GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com',
      GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image',
      GEMINI_CLASSIFIER_MODEL: 'gemini-2.5-flash-lite',
      PROVIDER_TIMEOUT_MS: 600_000,
      PROVIDER_MAX_RETRIES: 2,
      PROVIDER_RETRY_INITIAL_MS: 500,
      PROVIDER_RETRY_MAX_MS: 8_000,
      CLASSIFIER_TIMEOUT_MS: 15_000,
      OFFLINE_PROVIDER: true,
      LOCAL_PROVIDER_DELAY_MS: 0,
    });
  });

  it('reads overrides', () => {
    expect(readProviderSettings({ PROVIDER_MAX_RETRIES: '0', GEMINI_IMAGE_MODEL: 'g-img' })).toMatchObject({
      PROVIDER_MAX_RETRIES: 0,
      GEMINI_IMAGE_MODEL: 'g-img',
    });
  });
});
