import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useVerifySession } from '../api/verify-session';
import { useRedirectHomeAfter } from '../hooks/use-redirect-after';
import { StatusCard } from './status-card';

interface CheckoutSuccessPageProps {
  /** False while the sign-in session is still being restored; verification waits for it. */
  ready: boolean;
  onVerified?(): void;
}

/**
 * Verifies the checkout session of `?session_id=` and reports the outcome, then returns to the app
 * after 3 seconds; without a session id it returns at once.
 */
export function CheckoutSuccessPage({ ready, onVerified }: CheckoutSuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const verification = useVerifySession(sessionId, ready);
  const settled = verification.isSuccess || verification.isError;
  useRedirectHomeAfter(REDIRECT_DELAY_MS, settled);

  useEffect(() => {
    if (verification.isSuccess) onVerified?.();
  }, [verification.isSuccess, onVerified]);

  if (!sessionId) return <Navigate to={paths.home} replace />;

  if (verification.isSuccess) {
    const { credits } = verification.data;
    return (
      <StatusCard
        icon={<CheckCircle2 aria-hidden="true" className="size-12 text-emerald-400" />}
        title="Payment Successful!"
      >
        <p className="text-zinc-300">{credits} credits have been added to your account</p>
      </StatusCard>
    );
  }
  if (verification.isError) {
    return (
      <StatusCard
        icon={<XCircle aria-hidden="true" className="size-12 text-red-400" />}
        title="Payment verification failed"
      >
        <p className="text-zinc-300">{errorMessage(verification.error)}</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<Spinner className="size-10 text-accent-400" />} title="Verifying your payment...">
      <p className="text-zinc-300">Please wait while we confirm your purchase</p>
    </StatusCard>
  );
}
