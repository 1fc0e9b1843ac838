import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useAuth } from '../../features/auth/hooks/auth-context';
import {
  CheckoutSuccessPage,
  SIGN_IN_TO_CONFIRM_TEXT,
} from '../../features/checkout/components/checkout-success-page';
import { useRefreshCredits } from '../../features/credits/api/get-credits';

const AuthScreen = lazy(() =>
  import('../../features/auth/components/auth-screen').then((module) => ({ default: module.AuthScreen })),
);

/**
 * The success page for a signed-in buyer. One who comes back without a session (another browser,
 * an expired one) signs in here, at the same address, and the page then verifies the purchase.
 */
export function CheckoutSuccessRoute() {
  const { status, signOut } = useAuth();
  const refreshCredits = useRefreshCredits();
  if (status === 'signedOut') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AuthScreen initialMode="sign-in" reason={SIGN_IN_TO_CONFIRM_TEXT} />
      </Suspense>
    );
  }
  return (
    <CheckoutSuccessPage ready={status !== 'loading'} onVerified={refreshCredits} onSignInNeeded={signOut} />
  );
}
