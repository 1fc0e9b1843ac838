import { useRef, useState } from 'react';
import type { AuthMode } from '../types';
import { authErrorText } from '../utils/auth-error-text';
import { useAuth } from './auth-context';

/** The auth screen's state machine: sign-in, sign-up, then the e-mail code step. */
export function useAuthFlow(initialMode: AuthMode) {
  const auth = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // Kept in memory only, so a confirmed sign-up can sign in without asking again.
  const pendingPassword = useRef<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(authErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const showSignIn = (message: string | null, nextEmail = '') => {
    pendingPassword.current = null;
    setConfirmEmail(null);
    setMode('sign-in');
    setEmail(nextEmail);
    setNotice(message);
  };

  const signInAfterConfirm = async (address: string, password: string) => {
    const step = await auth.signIn(address, password);
    if (step !== 'done') showSignIn('Your email is confirmed. Please sign in.', address);
  };

  const submitCredentials = (address: string, password: string) =>
    run(async () => {
      setNotice(null);
      if (mode === 'sign-in') {
        const step = await auth.signIn(address, password);
        if (step === 'confirm-sign-up') {
          pendingPassword.current = password;
          setConfirmEmail(address.trim());
          setNotice('Please confirm your email address before signing in.');
        } else if (step === 'unsupported') {
          setError('This account needs a sign-in step the app does not support.');
        }
        return;
      }
      const step = await auth.signUp(address, password);
      setNotice(`Account created! We sent a confirmation code to ${address.trim()}.`);
      setResetKey((key) => key + 1);
      if (step === 'confirm-sign-up') {
        pendingPassword.current = password;
        setConfirmEmail(address.trim());
      } else if (step === 'done') {
        await signInAfterConfirm(address, password);
      }
    });

  const confirm = (code: string) =>
    run(async () => {
      if (!confirmEmail) return;
      await auth.confirmSignUp(confirmEmail, code);
      const password = pendingPassword.current;
      if (password) {
        setNotice('Email confirmed. Signing you in...');
        await signInAfterConfirm(confirmEmail, password);
      } else {
        showSignIn('Email confirmed. Please sign in.', confirmEmail);
      }
    });

  const resend = () =>
    run(async () => {
      if (!confirmEmail) return;
      await auth.resendCode(confirmEmail);
      setNotice(`We sent a new code to ${confirmEmail}.`);
    });

  const switchMode = () => {
    setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
    setError(null);
    setNotice(null);
  };

  return {
    mode,
    confirmEmail,
    email,
    busy,
    error,
    notice,
    resetKey,
    setError,
    submitCredentials,
    confirm,
    resend,
    switchMode,
    showSignIn,
  };
}
