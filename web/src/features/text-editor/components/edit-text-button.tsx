import { Type } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useOpenedOnce } from '../../../lib/use-opened-once';

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
        <Type aria-hidden="true" className="size-4" /> Edit text
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <TextEditorDialog
            open={open}
            onOpenChange={setOpen}
            messageId={messageId}
            imageIndex={imageIndex}
          />
        </Suspense>
      )}
    </>
  );
}
