import { SquareDashedMousePointer } from 'lucide-react';
import { lazy } from 'react';
import { DialogOpener } from '../../../components/ui/dialog-opener';
import type { RegionSendProps } from '../../../lib/region-send';

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
  return (
    <DialogOpener
      label={label}
      preload={() => void loadDialog()}
      dialog={(open, onOpenChange) => (
        <RegionEditorDialog
          open={open}
          onOpenChange={onOpenChange}
          messageId={messageId}
          imageIndex={imageIndex}
          {...send}
        />
      )}
    >
      <SquareDashedMousePointer aria-hidden="true" className="size-4" /> Edit a region
    </DialogOpener>
  );
}
