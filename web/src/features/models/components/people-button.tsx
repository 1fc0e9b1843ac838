import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ManageModelsDialog } from './manage-models-dialog';

interface PeopleButtonProps {
  selectedIds: readonly string[];
  onApply(ids: string[]): void;
}

/** The chat input's 'Select people' button: opens the Manage Models dialog. */
export function PeopleButton({ selectedIds, onApply }: PeopleButtonProps) {
  const [open, setOpen] = useState(false);
  const count = selectedIds.length;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Select people"
        aria-haspopup="dialog"
        title="Feature people in your thumbnails"
        className="relative"
        onClick={() => setOpen(true)}
      >
        <Users aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-accent-600 text-[10px] font-semibold text-white"
          >
            {count}
          </span>
        )}
      </Button>
      <ManageModelsDialog open={open} onOpenChange={setOpen} selectedIds={selectedIds} onApply={onApply} />
    </>
  );
}
