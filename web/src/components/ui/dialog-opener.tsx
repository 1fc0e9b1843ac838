import { type ReactNode, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { Button } from './button';

interface DialogOpenerProps {
  /** The button's content: an icon and its words. */
  children: ReactNode;
  /** Its accessible name where the words alone are ambiguous. */
  label?: string;
  /** Starts loading the dialog's code: called when the pointer or focus reaches the button. */
  preload(): void;
  /** The dialog (lazily loaded), mounted from its first opening on. */
  dialog(open: boolean, onOpenChange: (open: boolean) => void): ReactNode;
}

/**
 * A small button under an image that opens a lazily loaded dialog over it: the dialog's code loads
 * as the pointer or focus nears, and the dialog stays mounted once opened for its closing animation.
 */
export function DialogOpener({ children, label, preload, dialog }: DialogOpenerProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
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
        {children}
      </Button>
      {opened && <Suspense fallback={null}>{dialog(open, setOpen)}</Suspense>}
    </>
  );
}
