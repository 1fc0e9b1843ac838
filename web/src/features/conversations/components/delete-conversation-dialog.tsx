import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-error';

interface DeleteConversationDialogProps {
  title: string | null;
  onCancel(): void;
  onConfirm(): Promise<void>;
}

export function DeleteConversationDialog({ title, onCancel, onConfirm }: DeleteConversationDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      role="alertdialog"
      open={title !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title="Delete conversation"
      description="Are you sure you want to delete this conversation?"
    >
      {title && <p className="mt-3 truncate text-sm font-medium text-zinc-100">“{title}”</p>}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" busy={busy} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
