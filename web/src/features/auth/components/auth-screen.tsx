import { ArrowLeft, Clapperboard } from 'lucide-react';
import { useAuthFlow } from '../hooks/use-auth-flow';
import type { AuthMode } from '../types';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { CredentialsForm } from './credentials-form';
import { FormMessages } from './form-messages';

interface AuthScreenProps {
  initialMode?: AuthMode;
  /** Shown as a back link when the landing page is available. */
  onBack?: () => void;
  /** Why signing in is asked for here, in place of the sign-in subtitle (e.g. to finish a purchase). */
  reason?: string;
}

const headings = {
  'sign-in': ['Welcome back', 'Sign in to keep creating thumbnails.'],
  'sign-up': ['Create your account', 'Start turning ideas into click-worthy thumbnails.'],
  confirm: ['Check your email', 'One more step to activate your account.'],
} as const;

export function AuthScreen({ initialMode = 'sign-in', onBack, reason }: AuthScreenProps) {
  const { mode, confirmEmail, email, busy, error, notice, resetKey, setError, ...actions } =
    useAuthFlow(initialMode);
  const [title, standardSubtitle] = headings[confirmEmail ? 'confirm' : mode];
  const subtitle = reason && mode === 'sign-in' && !confirmEmail ? reason : standardSubtitle;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            className="mb-6 inline-flex items-center gap-1.5 rounded text-sm text-zinc-300 hover:text-zinc-50"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to home
          </button>
        )}
        <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-2xl sm:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent-600">
              <Clapperboard aria-hidden="true" className="size-6 text-white" />
            </span>
            <h1 className="text-2xl font-semibold">{title}</h1>
            <p className="text-sm text-zinc-300">{subtitle}</p>
          </div>
          <div className="flex flex-col gap-4">
            <FormMessages error={error} notice={notice} />
            {confirmEmail ? (
              <ConfirmSignUpForm
                email={confirmEmail}
                busy={busy}
                onConfirm={actions.confirm}
                onResend={actions.resend}
                onInvalid={setError}
              />
            ) : (
              <CredentialsForm
                mode={mode}
                busy={busy}
                resetKey={resetKey}
                initialEmail={email}
                onSubmit={actions.submitCredentials}
                onInvalid={setError}
              />
            )}
          </div>
          {!confirmEmail && (
            <p className="mt-6 text-center text-sm text-zinc-300">
              {mode === 'sign-in' ? 'New to Thumbnail Studio? ' : 'Already have an account? '}
              <button
                type="button"
                onClick={actions.switchMode}
                className="font-medium text-accent-400 underline-offset-4 hover:underline"
              >
                {mode === 'sign-in' ? 'Create an account' : 'Use an existing account'}
              </button>
            </p>
          )}
          {confirmEmail && (
            <p className="mt-6 text-center text-sm text-zinc-300">
              <button
                type="button"
                onClick={() => actions.showSignIn(null)}
                className="font-medium text-accent-400 underline-offset-4 hover:underline"
              >
                Use a different account
              </button>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
