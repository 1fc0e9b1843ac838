import { MIN_PASSWORD_LENGTH } from '../../../config/constants';

export interface Credentials {
  email: string;
  password: string;
  confirmPassword?: string;
}

/**
 * The first failing rule's message, or null when the form may be sent: every field filled, and on
 * sign-up matching passwords of at least 6 characters.
 */
export function validateCredentials(mode: 'sign-in' | 'sign-up', values: Credentials): string | null {
  if (!values.email.trim() || !values.password) return 'Please fill in all fields';
  if (mode === 'sign-in') return null;
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  if (values.password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  return null;
}
