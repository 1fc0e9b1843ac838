import { Zap } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { useCredits } from '../api/get-credits';

/** The header's balance; clicking it opens the checkout dialog. */
export function CreditsButton({ onClick }: { onClick(): void }) {
  const { credits, isLoading } = useCredits();
  const label = `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isLoading ? 'Credits loading' : label}
      title="Your credits. Click to buy more."
      className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 text-sm font-semibold text-amber-200 hover:bg-amber-500/20"
    >
      <Zap aria-hidden="true" className="size-4 fill-amber-300 text-amber-300" />
      {isLoading ? <Spinner className="size-3.5" /> : <span data-testid="credit-balance">{credits}</span>}
    </button>
  );
}
