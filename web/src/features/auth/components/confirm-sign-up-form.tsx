import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AuthField } from './auth-field';

interface ConfirmSignUpFormProps {
  email: string;
  busy: boolean;
  onConfirm(code: string): Promise<void>;
  onResend(): Promise<void>;
  onInvalid(message: string): void;
}

export function ConfirmSignUpForm({ email, busy, onConfirm, onResend, onInvalid }: ConfirmSignUpFormProps) {
  const [code, setCode] = useState('');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return onInvalid('Please enter the confirmation code');
    await onConfirm(code);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-300">
        Enter the 6-digit code we sent to <strong className="text-zinc-100">{email}</strong>.
      </p>
      <AuthField
        label="Confirmation code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" size="lg" busy={busy} className="mt-2 w-full">
        Confirm
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={() => void onResend()}>
        Resend code
      </Button>
    </form>
  );
}
