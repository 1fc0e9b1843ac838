import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { AuthMode } from '../types';
import { validateCredentials } from '../utils/validate-credentials';
import { AuthField } from './auth-field';

interface CredentialsFormProps {
  mode: AuthMode;
  busy: boolean;
  /** Bumped by the parent to clear the fields, e.g. after a successful sign-up. */
  resetKey: number;
  initialEmail: string;
  onSubmit(email: string, password: string): Promise<void>;
  onInvalid(message: string): void;
}

export function CredentialsForm(props: CredentialsFormProps) {
  return <CredentialsFields key={`${props.mode}-${props.resetKey}`} {...props} />;
}

function CredentialsFields({ mode, busy, initialEmail, onSubmit, onInvalid }: CredentialsFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const signUp = mode === 'sign-up';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateCredentials(mode, { email, password, confirmPassword });
    if (problem) return onInvalid(problem);
    await onSubmit(email, password);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <AuthField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <AuthField
        label="Password"
        type="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {signUp && (
        <AuthField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
      )}
      <Button type="submit" size="lg" busy={busy} className="mt-2 w-full">
        {signUp ? 'Sign Up' : 'Sign In'}
      </Button>
    </form>
  );
}
