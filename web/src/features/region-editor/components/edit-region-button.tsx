import { SquareDashedMousePointer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { RegionSendProps } from '../../../lib/region-send';
import { useOpenedOnce } from '../../../lib/use-opened-once';

// The editor (and its stroke library) loads when the pointer or focus reaches its button.
const loadDialog = () => import('./region-editor-dialog');
const RegionEditorDialog = lazy(loadDialog);

interface EditRegionButtonProps extends RegionSendProps {
  messageId: string;
  /**
   * Which image of the message (its variation).
   * @default 0
   */
  imageIndex?: number;
  /** What the button is called for a screen reader where 'Edit a region' alone is ambiguous (a variation's). */
  label?: string;
}

/** 'Edit a region': opens the image to paint the part to change. */
export function EditRegionButton({ messageId, imageIndex = 0, label, ...send }: EditRegionButtonProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <SquareDashedMousePointer aria-hidden="true" className="size-4" /> Edit a region
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RegionEditorDialog
            open={open}
            onOpenChange={setOpen}
            messageId={messageId}
            imageIndex={imageIndex}
            {...send}
          />
        </Suspense>
      )}
    </>
  );
}
