import { CHECKOUT_FAILED_TEXT, CREDIT_PACKAGES, type CreditPackageId } from '@thumbnail-studio/contract';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { serverErrorText } from '../../../lib/api-error';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { PackageOption } from './package-option';

interface PurchaseCreditsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Why the dialog opened by itself, e.g. the not-enough-credits message. */
  reason?: string | null;
  /** The credits a verified purchase just added: the dialog opened on the return from checkout. */
  purchasedCredits?: number | null;
}

/**
 * The checkout dialog: choose a credit package, then Purchase sends the browser to the hosted checkout.
 * Its form lives only while the dialog is open, so every opening starts with nothing selected.
 */
export function PurchaseCreditsDialog({
  open,
  onOpenChange,
  reason,
  purchasedCredits,
}: PurchaseCreditsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Purchase Credits"
      description="Each thumbnail generation or edit costs 1 credit. Credits never expire."
    >
      <PurchaseForm reason={reason} purchasedCredits={purchasedCredits} />
    </Dialog>
  );
}

function PurchaseForm({
  reason,
  purchasedCredits,
}: Pick<PurchaseCreditsDialogProps, 'reason' | 'purchasedCredits'>) {
  const [selected, setSelected] = useState<CreditPackageId | null>(null);
  const checkout = useCreateCheckoutSession();
  // Busy from the click until the browser has left for the hosted checkout.
  const processing = checkout.isPending || checkout.isSuccess;
  // A second press before the button re-renders disabled must not open a second session.
  const submitting = useRef(false);

  const purchase = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || submitting.current) return;
    submitting.current = true;
    checkout.mutate(selected, {
      onError: () => {
        submitting.current = false;
      },
    });
  };

  return (
    <form onSubmit={purchase}>
      {purchasedCredits != null && (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg border border-emerald-600/50 bg-emerald-950 px-3 py-2 text-sm text-emerald-100"
        >
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
          Payment successful! {purchasedCredits} credits have been added to your account.
        </p>
      )}
      {reason && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-600/50 bg-amber-950 px-3 py-2 text-sm text-amber-100"
        >
          {reason}
        </p>
      )}
      <fieldset disabled={processing} className="mt-6 flex flex-col gap-4">
        <legend className="sr-only">Credit package</legend>
        {CREDIT_PACKAGES.map((pkg) => (
          <PackageOption key={pkg.id} pkg={pkg} checked={selected === pkg.id} onSelect={setSelected} />
        ))}
      </fieldset>
      {checkout.isError && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-600/50 bg-red-950 px-3 py-2 text-sm text-red-100"
        >
          {serverErrorText(checkout.error) ?? CHECKOUT_FAILED_TEXT}
        </p>
      )}
      <Button type="submit" size="lg" className="mt-6 w-full" disabled={!selected} busy={processing}>
        {processing ? 'Processing...' : 'Purchase'}
      </Button>
    </form>
  );
}
