import { confirmSignUp, resendSignUpCode, signIn, signUp } from 'aws-amplify/auth';
import { getRuntimeConfig } from '../../../config/runtime-config';
import type { AuthNextStep } from './auth-actions';

// Loaded by import() when the sign-in form is needed: most of Amplify Auth's code is these flows,
// and a signed-in screen never runs them.

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
