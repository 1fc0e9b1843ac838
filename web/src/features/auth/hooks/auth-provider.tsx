import { Hub } from 'aws-amplify/utils';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AuthUser, endSession, readCurrentUser } from '../api/auth-actions';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';

let signInActions: Promise<typeof import('../api/sign-in-actions')> | undefined;
/** The sign-in and sign-up calls, a chunk of their own; a failed load is tried again next time. */
const loadSignInActions = () => {
  signInActions ??= import('../api/sign-in-actions').catch((error: unknown) => {
    signInActions = undefined;
    throw error;
  });
  return signInActions;
};

interface AuthProviderProps {
  children: ReactNode;
  /** Called when the signed-in user changes, e.g. to drop another user's cached data. */
  onUserChange?: (user: AuthUser | null) => void;
  /**
   * Called whenever there is found to be no session: at a start without one, after a sign-out,
   * and when an expired session is dropped; e.g. to clear what belongs to a session only.
   */
  onSignedOut?: () => void;
}

export function AuthProvider({ children, onUserChange, onSignedOut }: AuthProviderProps) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<AuthUser | null>(null);
  const userId = useRef<string | null>(null);
  const onUserChangeRef = useRef(onUserChange);
  onUserChangeRef.current = onUserChange;
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;

  const refresh = useCallback(async () => {
    const next = await readCurrentUser();
    if ((next?.id ?? null) !== userId.current) {
      userId.current = next?.id ?? null;
      onUserChangeRef.current?.(next);
    }
    if (!next) onSignedOutRef.current?.();
    setUser(next);
    setStatus(next ? 'signedIn' : 'signedOut');
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'signedOut':
          console.info(`auth: ${payload.event}`);
          void refresh();
          break;
        case 'tokenRefresh':
          console.info('auth: tokens refreshed');
          break;
        case 'tokenRefresh_failure':
          // Amplify drops the tokens when a refresh is refused; re-read so the UI follows.
          console.warn('auth: token refresh failed');
          void refresh();
          break;
      }
    });
  }, [refresh]);

  useEffect(() => {
    // Signed out, the sign-in form is next: its code loads while the user types.
    if (status === 'signedOut') loadSignInActions().catch(() => {});
  }, [status]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      signIn: async (email, password) => {
        const { signInWithPassword } = await loadSignInActions();
        const step = await signInWithPassword(email.trim(), password);
        if (step === 'done') await refresh();
        return step;
      },
      signUp: async (email, password) =>
        (await loadSignInActions()).signUpWithPassword(email.trim(), password),
      confirmSignUp: async (email, code) =>
        (await loadSignInActions()).confirmEmailCode(email.trim(), code.trim()),
      resendCode: async (email) => (await loadSignInActions()).resendEmailCode(email.trim()),
      signOut: async () => {
        try {
          await endSession();
        } catch (error) {
          console.warn('Sign-out did not reach the server; the local session is cleared anyway', error);
        }
        await refresh();
      },
    }),
    [status, user, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
