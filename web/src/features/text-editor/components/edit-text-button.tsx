import { Type } from 'lucide-react';
import { lazy } from 'react';
import { DialogOpener } from '../../../components/ui/dialog-opener';

// The editor (canvas library, font parser) loads when the pointer or focus reaches its button.
const loadDialog = () => import('./text-editor-dialog');
const TextEditorDialog = lazy(loadDialog);

interface EditTextButtonProps {
  messageId: string;
  /**
   * Which image of the message (its variation).
   * @default 0
   */
  imageIndex?: number;
  /** What the button is called for a screen reader where 'Edit text' alone is ambiguous (a variation's). */
  label?: string;
}

/** 'Edit text': opens the image in the text editor. */
export function EditTextButton({ messageId, imageIndex = 0, label }: EditTextButtonProps) {
  return (
    <DialogOpener
      label={label}
      preload={() => void loadDialog()}
      dialog={(open, onOpenChange) => (
        <TextEditorDialog
          open={open}
          onOpenChange={onOpenChange}
          messageId={messageId}
          imageIndex={imageIndex}
        />
      )}
    >
      <Type aria-hidden="true" className="size-4" /> Edit text
    </DialogOpener>
  );
}
