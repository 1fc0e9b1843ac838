import { Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useOpenedOnce } from '../../../lib/use-opened-once';

// Manage Models (with its upload and edit dialogs) loads the first time it opens.
const ManageModelsDialog = lazy(() =>
  import('./manage-models-dialog').then((module) => ({ default: module.ManageModelsDialog })),
);

interface PeopleButtonProps {
  selectedIds: readonly string[];
  onApply(ids: string[]): void;
}

/** The chat input's 'Select people' button: opens the Manage Models dialog. */
export function PeopleButton({ selectedIds, onApply }: PeopleButtonProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
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
      {opened && (
        <Suspense fallback={null}>
          <ManageModelsDialog
            open={open}
            onOpenChange={setOpen}
            selectedIds={selectedIds}
            onApply={onApply}
          />
        </Suspense>
      )}
    </>
  );
}
