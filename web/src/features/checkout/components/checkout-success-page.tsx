import { CHECKOUT_SESSION_PARAM, VERIFY_SESSION_FAILED_TEXT } from '@thumbnail-studio/contract';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { ApiError, serverErrorText } from '../../../lib/api-error';
import { useVerifySession } from '../api/verify-session';
import { useRedirectHomeAfter } from '../hooks/use-redirect-after';
import { purchaseState } from '../utils/purchase-state';
import { StatusCard } from './status-card';

interface CheckoutSuccessPageProps {
  /** False while the sign-in session is still being restored; verification needs its token and waits. */
  ready: boolean;
  /** Called once the server confirmed the purchase, to read the new balance and history. */
  onVerified?(): void;
  /**
   * Called when the server no longer takes the session (it expired): the buyer is asked to sign in,
   * and the page verifies again afterwards. Such an answer is never shown as a failed payment.
   */
  onSignInNeeded?(): void;
}

/** What the success page asks of a buyer who comes back without a session. */
export const SIGN_IN_TO_CONFIRM_TEXT =
  'Sign in with the account you paid from, and we will confirm your purchase.';

/**
 * Verifies the checkout session its query names (`CHECKOUT_SESSION_PARAM`) and reports the outcome:
 * the credits added, or the refusal's reason (the error text of the coded answer). Then it returns to
 * the app after 3 seconds (handing it the credits added, so the purchase dialog can say so); without a
 * session id it returns at once.
 */
export function CheckoutSuccessPage({ ready, onVerified, onSignInNeeded }: CheckoutSuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get(CHECKOUT_SESSION_PARAM) ?? '';
  const verification = useVerifySession(sessionId, ready);
  const credits = verification.data?.credits;
  const verified = credits !== undefined;
  const signInNeeded = verification.error instanceof ApiError && verification.error.code === 'unauthorized';
  const failed = verification.isError && !signInNeeded;
  const returnState = useMemo(() => (credits === undefined ? undefined : purchaseState(credits)), [credits]);
  useRedirectHomeAfter(REDIRECT_DELAY_MS, verification.isSuccess || failed, returnState);

  useEffect(() => {
    if (verified) onVerified?.();
  }, [verified, onVerified]);

  useEffect(() => {
    if (signInNeeded) onSignInNeeded?.();
  }, [signInNeeded, onSignInNeeded]);

  if (!sessionId) return <Redirect to={paths.home} replace />;

  if (verified) {
    return (
      <StatusCard
        icon={<CheckCircle2 aria-hidden="true" className="size-12 text-emerald-400" />}
        title="Payment Successful!"
      >
        <p className="text-zinc-300">{`${credits} credits have been added to your account`}</p>
      </StatusCard>
    );
  }
  if (failed) {
    const reason = serverErrorText(verification.error) || VERIFY_SESSION_FAILED_TEXT;
    return (
      <StatusCard
        icon={<XCircle aria-hidden="true" className="size-12 text-red-400" />}
        title="Payment verification failed"
      >
        <p className="text-zinc-300">{reason}</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<Spinner className="size-10 text-accent-400" />} title="Verifying your payment...">
      <p className="text-zinc-300">Please wait while we confirm your purchase</p>
    </StatusCard>
  );
}
