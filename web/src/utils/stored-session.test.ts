import { describe, expect, it } from 'vitest';
import { mayHaveStoredSession } from './stored-session';

const storageWith = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('mayHaveStoredSession', () => {
  it('is true when an Amplify Cognito key is stored', () => {
    const keys = ['theme', 'CognitoIdentityServiceProvider.abc123.LastAuthUser'];
    expect(mayHaveStoredSession(storageWith(keys))).toBe(true);
  });

  it('is false without such a key or without storage', () => {
    expect(mayHaveStoredSession(storageWith(['theme', 'thumbnail-studio.provider']))).toBe(false);
    expect(mayHaveStoredSession(undefined)).toBe(false);
  });

  it('is false when storage throws', () => {
    const throwing = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(mayHaveStoredSession(throwing)).toBe(false);
  });
});
