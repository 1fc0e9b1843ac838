const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether Amplify may have left a session in storage. Only then is the auth code worth
 * loading before the user asks for it; the landing page stays light otherwise.
 */
export function mayHaveStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
    }
  } catch {
    // Storage access can throw in privacy modes; then no session can be restored either.
  }
  return false;
}
