import { type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { failureText } from '../utils/failure-text';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** The question asked, e.g. 'Are you sure you want to delete this model?'. */
  question: string;
  /** What a failed deletion says. */
  failure: string;
  onCancel(): void;
  /** Deletes; the caller closes the dialog when it is done. A rejection shows `failure`. */
  onConfirm(): Promise<unknown>;
  /** Where focus goes once the item (and so the button that opened this) is gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** Asks before deleting: Cancel, or Delete (busy while deleting; a failure is shown here). */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { open, title, question, failure, onCancel, onConfirm, fallbackFocus } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(failureText(caught, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      role="alertdialog"
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        setError(null);
        onCancel();
      }}
      title={title}
      description={question}
      fallbackFocus={fallbackFocus}
    >
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
