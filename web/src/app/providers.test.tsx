// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../features/auth/hooks/auth-context';
import { readOwnKey, saveOwnKey } from '../lib/own-keys';
import { clearSession, withSignedInUser } from '../test/session';
import { AppProviders } from './providers';

withSignedInUser();
afterEach(() => localStorage.clear());

function Status() {
  return <p>{useAuth().status}</p>;
}

describe("the app's providers", () => {
  it('forget the own keys not remembered when the session ends without a sign-out click (it expired)', async () => {
    saveOwnKey('u1', 'openai', 'fake-openai-key-kept-for-now');
    saveOwnKey('u1', 'gemini', 'fake-gemini-key-remembered', true);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    await screen.findByText('signedIn');
    expect(readOwnKey('u1', 'openai')).toBe('fake-openai-key-kept-for-now');

    // Amplify drops an expired session's tokens and says so on the Hub.
    clearSession();
    act(() => Hub.dispatch('auth', { event: 'signedOut' }));
    await screen.findByText('signedOut');
    expect(readOwnKey('u1', 'openai')).toBeUndefined();
    expect(readOwnKey('u1', 'gemini')).toBe('fake-gemini-key-remembered');
  });

  it('forget them at a start with no session left, keeping the remembered ones', async () => {
    clearSession();
    saveOwnKey('u1', 'openai', 'fake-openai-key-left-behind');
    saveOwnKey('u1', 'gemini', 'fake-gemini-key-remembered', true);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    await screen.findByText('signedOut');
    await waitFor(() => expect(readOwnKey('u1', 'openai')).toBeUndefined());
    expect(readOwnKey('u1', 'gemini')).toBe('fake-gemini-key-remembered');
  });
});
