import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseSettings, providerSettingsSchema, SettingsError, withoutBlanks } from './settings';

const product = z.object({
  INITIAL_CREDITS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 3),
  NAME: z.optional(z.string()),
});

describe('settings', () => {
  it('treats a blank value as unset, for numbers and URLs alike', () => {
    expect(parseSettings(product, { INITIAL_CREDITS: '' }).INITIAL_CREDITS).toBe(3);
    expect(parseSettings(product, { INITIAL_CREDITS: '   ' }).INITIAL_CREDITS).toBe(3);
    expect(parseSettings(providerSettingsSchema, { OPENAI_BASE_URL: '' }).OPENAI_BASE_URL).toBe(
      'https://api.openai.com/v1',
    );
  });

  it('keeps 0 when 0 is written, and trims values', () => {
    expect(parseSettings(product, { INITIAL_CREDITS: '0', NAME: ' x ' })).toEqual({
      INITIAL_CREDITS: 0,
      NAME: 'x',
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseSettings(product, { INITIAL_CREDITS: 'three' })).toThrow(SettingsError);
    expect(() => parseSettings(product, { INITIAL_CREDITS: 'three' })).toThrow(/INITIAL_CREDITS/);
    expect(() => parseSettings(providerSettingsSchema, { GEMINI_BASE_URL: 'nope' })).toThrow(
      /GEMINI_BASE_URL/,
    );
  });

  it('reads only the names the schema has, not the rest of the environment', () => {
    const read: string[] = [];
    const env = new Proxy<Record<string, unknown>>(
      { INITIAL_CREDITS: '5', PATH: '/usr/bin' },
      {
        get: (target, name) => {
          read.push(String(name));
          return Reflect.get(target, name);
        },
      },
    );
    expect(parseSettings(product, env)).toEqual({ INITIAL_CREDITS: 5 });
    expect(read.sort()).toEqual(['INITIAL_CREDITS', 'NAME']);
  });

  it('leaves non-strings alone', () => {
    expect(withoutBlanks({ a: '', b: 1, c: undefined })).toEqual({ a: undefined, b: 1, c: undefined });
  });
});
