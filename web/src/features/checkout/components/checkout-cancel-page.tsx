import { XCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useRedirectHomeAfter } from '../hooks/use-redirect-after';
import { StatusCard } from './status-card';

/** Shown after a cancelled payment; returns to the app by itself after 3 seconds. */
export function CheckoutCancelPage() {
  const [, navigate] = useLocation();
  useRedirectHomeAfter(REDIRECT_DELAY_MS);
  return (
    <StatusCard
      icon={<XCircle aria-hidden="true" className="size-12 text-zinc-300" />}
      title="Payment Cancelled"
    >
      <p className="text-zinc-300">Your payment was cancelled and no charges were made.</p>
      <Button size="lg" className="mt-2" onClick={() => navigate(paths.home, { replace: true })}>
        Return to App
      </Button>
      <p className="text-xs text-zinc-400">You will be taken back in a few seconds.</p>
    </StatusCard>
  );
}
