import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { useBrandKit } from '../../../lib/get-brand-kit';
import { BrandKitForm } from './brand-kit-form';

interface BrandKitDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Account → Brand kit: the fonts, colours, default text style and logo the creator's new
 * thumbnails use. Mounted afresh on every opening, so Cancel leaves nothing half-changed.
 */
export function BrandKitDialog({ open, onOpenChange }: BrandKitDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Brand kit"
      description="The fonts, colours and logo your new thumbnails use. Only you see your kit."
      className="max-w-xl"
    >
      <BrandKitContent onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}

function BrandKitContent({ onSaved }: { onSaved(): void }) {
  const kit = useBrandKit();
  if (kit.data) return <BrandKitForm kit={kit.data} onSaved={onSaved} />;
  if (kit.isError) {
    return (
      <div className="mt-5 flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-red-200">
          {errorMessage(kit.error)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void kit.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="mt-5 flex items-center gap-2 text-sm text-zinc-300">
      <Spinner /> Loading your brand kit...
    </p>
  );
}
