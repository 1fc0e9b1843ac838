import type { RefObject } from 'react';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';

interface DeleteConversationDialogProps {
  title: string | null;
  onCancel(): void;
  onConfirm(): Promise<void>;
  /** Where focus goes once the conversation (and so the button that asked) is gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

export function DeleteConversationDialog(props: DeleteConversationDialogProps) {
  const { title, onCancel, onConfirm, fallbackFocus } = props;
  return (
    <ConfirmDeleteDialog
      open={title !== null}
      title="Delete conversation"
      question="Are you sure you want to delete this conversation?"
      onCancel={onCancel}
      onConfirm={onConfirm}
      fallbackFocus={fallbackFocus}
    >
      {title && <p className="mt-3 truncate text-sm font-medium text-zinc-100">“{title}”</p>}
    </ConfirmDeleteDialog>
  );
}
