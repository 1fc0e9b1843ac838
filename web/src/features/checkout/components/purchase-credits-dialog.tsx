import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type CreditPackage, creditPackages } from '../../../config/credit-packages';
import { PackageOption } from './package-option';

interface PurchaseCreditsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Why the dialog opened by itself, e.g. the not-enough-credits message. */
  reason?: string | null;
}

/** The checkout dialog: the credit packages to choose from. Purchasing only says it is coming soon. */
export function PurchaseCreditsDialog({ open, onOpenChange, reason }: PurchaseCreditsDialogProps) {
  const [selected, setSelected] = useState<CreditPackage['id'] | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Purchase Credits"
      description="Each thumbnail generation or edit costs 1 credit. Credits never expire."
    >
      {reason && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-600/50 bg-amber-950 px-3 py-2 text-sm text-amber-100"
        >
          {reason}
        </p>
      )}
      <fieldset className="mt-5 flex flex-col gap-3">
        <legend className="sr-only">Credit package</legend>
        {creditPackages.map((pkg) => (
          <PackageOption key={pkg.id} pkg={pkg} checked={selected === pkg.id} onSelect={setSelected} />
        ))}
      </fieldset>
      <Button
        size="lg"
        className="mt-6 w-full"
        disabled={!selected}
        onClick={() => toast.info('Checkout is coming soon')}
      >
        Purchase
      </Button>
    </Dialog>
  );
}
