import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';

interface DeleteConversationDialogProps {
  title: string | null;
  onCancel(): void;
  onConfirm(): Promise<void>;
}

export function DeleteConversationDialog({ title, onCancel, onConfirm }: DeleteConversationDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={title !== null}
      title="Delete conversation"
      question="Are you sure you want to delete this conversation?"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {title && <p className="mt-3 truncate text-sm font-medium text-zinc-100">“{title}”</p>}
    </ConfirmDeleteDialog>
  );
}
