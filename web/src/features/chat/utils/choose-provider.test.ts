import { PROVIDER_LABELS } from '@thumbnail-studio/contract';
import { describe, expect, it } from 'vitest';
import { chooseProvider, withOwnKeys } from './choose-provider';

const both = {
  providers: [
    { id: 'gemini', label: PROVIDER_LABELS.gemini },
    { id: 'openai', label: PROVIDER_LABELS.openai },
  ],
  default: 'gemini',
};

describe('chooseProvider', () => {
  it('keeps the stored choice while it is offered', () => {
    expect(chooseProvider(both, 'openai')).toBe('openai');
  });

  it('falls back to the default when the stored choice is gone or missing', () => {
    expect(chooseProvider(both, 'midjourney')).toBe('gemini');
    expect(chooseProvider(both, null)).toBe('gemini');
    const offline = { providers: [{ id: 'local', label: PROVIDER_LABELS.local }], default: 'local' };
    expect(chooseProvider(offline, 'gemini')).toBe('local');
  });

  it('takes the first offered when the default is not among them, and nothing when none are', () => {
    expect(chooseProvider({ providers: both.providers, default: 'local' }, null)).toBe('gemini');
    expect(chooseProvider({ providers: [] }, 'gemini')).toBeUndefined();
  });
});

describe('withOwnKeys', () => {
  const offline = { providers: [{ id: 'local', label: PROVIDER_LABELS.local }], default: 'local' };

  it("adds the providers the creator has a key for, marked as theirs, the backend's default kept", () => {
    expect(withOwnKeys(offline, ['openai'])).toEqual({
      providers: [
        { id: 'local', label: PROVIDER_LABELS.local },
        { id: 'openai', label: 'OpenAI GPT-Image (your key)' },
      ],
      default: 'local',
    });
  });

  it("marks a provider the backend offers too as the creator's, once", () => {
    expect(withOwnKeys(both, ['gemini']).providers).toEqual([
      { id: 'gemini', label: 'Gemini Nano Banana (your key)' },
      { id: 'openai', label: PROVIDER_LABELS.openai },
    ]);
  });

  it('leaves the list as it is without keys', () => {
    expect(withOwnKeys(both, [])).toBe(both);
  });
});
