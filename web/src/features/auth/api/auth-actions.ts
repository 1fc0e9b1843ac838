import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';

// The session side of Amplify Auth: what a signed-in screen needs. Signing in and up (SRP, the
// other sign-in flows) is in sign-in-actions.ts, loaded only when there is no session.

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

export async function endSession(): Promise<void> {
  await signOut();
}
