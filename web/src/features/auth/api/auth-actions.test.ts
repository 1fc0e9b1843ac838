// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { clearSession, storeSession, withSignedInUser } from '../../../test/session';
import { readCurrentUser } from './auth-actions';

withSignedInUser();

describe('readCurrentUser', () => {
  it('reads the session Amplify stored, as configured by configureAuth', async () => {
    clearSession();
    storeSession('ada');

    const user = await readCurrentUser();

    expect(user?.id).toBe('ada');
  });

  it('is null without a stored session', async () => {
    clearSession();

    expect(await readCurrentUser()).toBeNull();
  });
});
