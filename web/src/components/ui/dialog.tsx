import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import { cn } from '../../lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Where focus goes on closing when the opener is gone (e.g. the row of a deleted item). */
  fallbackFocus?: RefObject<HTMLElement | null>;
  /** Escape was pressed: `preventDefault()` keeps the dialog open (e.g. to deselect first). */
  onEscapeKeyDown?(event: KeyboardEvent): void;
}

/** A titled modal: Radix traps focus and closes on Escape; focus returns to the opener. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  role,
  className,
  fallbackFocus,
  onEscapeKeyDown,
}: DialogProps) {
  // Radix only refocuses a <Dialog.Trigger>; these dialogs open from state, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <RadixDialog.Content
          role={role ?? 'dialog'}
          onEscapeKeyDown={onEscapeKeyDown}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : fallbackFocus?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          // Without a description Radix expects an explicit undefined instead of a dangling id.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl',
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-zinc-50">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-zinc-300">
              {description}
            </RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-lg p-1.5 text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
