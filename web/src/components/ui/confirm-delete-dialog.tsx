import { type ReactNode, type RefObject, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** The question asked, e.g. 'Are you sure you want to delete this model?'. */
  question: string;
  /** What a failed deletion says; by default the error's own message. */
  describeFailure?(error: unknown): string;
  /** Shown under the question, e.g. the name of what is deleted. */
  children?: ReactNode;
  onCancel(): void;
  /** Deletes; the caller closes the dialog when it is done. A rejection is shown in the dialog. */
  onConfirm(): Promise<unknown>;
  /** Where focus goes once the item (and so the button that opened this) is gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** Asks before deleting: Cancel, or Delete (busy while deleting; a failure is shown here). */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { open, title, question, onCancel, onConfirm, fallbackFocus, children } = props;
  const describeFailure = props.describeFailure ?? ((caught: unknown) => errorMessage(caught));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(describeFailure(caught));
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
      {children}
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
