import { afterEach, describe, expect, it } from 'vitest';
import { getSecrets, secretObject } from './secrets';

describe('secretObject', () => {
  it('reads the keys of a JSON object', () => {
    expect(secretObject('{"OPENAI_API_KEY":"k"}')).toEqual({ OPENAI_API_KEY: 'k' });
  });

  it.each([
    ['the placeholder a new secret holds', '{}'],
    ['an empty value', ''],
    ['no value', undefined],
    ['a generated password', 'Xy7!kq'],
    ['a JSON array', '["k"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"k"'],
  ])('holds no keys for %s', (_case, value) => {
    expect(secretObject(value)).toEqual({});
  });
});

describe('getSecrets without a secret (the local cloud)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads only the asked group, from the environment, blank as missing', async () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-a', GEMINI_API_KEY: ' ', STRIPE_SECRET_KEY: 'x' });
    expect(await getSecrets('providers')).toEqual({ OPENAI_API_KEY: 'sk-a', GEMINI_API_KEY: undefined });
    expect(await getSecrets('stripe')).toEqual({ STRIPE_SECRET_KEY: 'x', STRIPE_WEBHOOK_SECRET: undefined });
  });
});
