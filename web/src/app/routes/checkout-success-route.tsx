import { useAuth } from '../../features/auth/hooks/auth-context';
import { CheckoutSuccessPage } from '../../features/checkout/components/checkout-success-page';
import { useRefreshCredits } from '../../features/credits/api/get-credits';

export function CheckoutSuccessRoute() {
  const { status } = useAuth();
  const refreshCredits = useRefreshCredits();
  return <CheckoutSuccessPage ready={status !== 'loading'} onVerified={refreshCredits} />;
}
