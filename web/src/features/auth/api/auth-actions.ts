import {
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { getRuntimeConfig } from '../../../config/runtime-config';

export interface AuthUser {
  id: string;
  email: string;
}

/** What the user must do after a sign-in or sign-up call. */
export type AuthNextStep = 'done' | 'confirm-sign-up' | 'unsupported';

/** The signed-in user, or null when there is no session. */
export async function readCurrentUser(): Promise<AuthUser | null> {
  try {
    const { userId, signInDetails } = await getCurrentUser();
    const session = await fetchAuthSession();
    const email = session.tokens?.idToken?.payload.email;
    return { id: userId, email: typeof email === 'string' ? email : (signInDetails?.loginId ?? '') };
  } catch {
    return null;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<AuthNextStep> {
  const { isSignedIn, nextStep } = await signIn({
    username: email,
    password,
    options: { authFlowType: getRuntimeConfig().authFlow },
  });
  if (isSignedIn) return 'done';
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirm-sign-up';
  console.warn('Unsupported sign-in step', nextStep.signInStep);
  return 'unsupported';
}

export async function signUpWithPassword(email: string, password: string): Promise<AuthNextStep> {
  const { isSignUpComplete, nextStep } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email } },
  });
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') return 'confirm-sign-up';
  return isSignUpComplete ? 'done' : 'unsupported';
}

export async function confirmEmailCode(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendEmailCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

export async function endSession(): Promise<void> {
  await signOut();
}
