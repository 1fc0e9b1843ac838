import { History, ShoppingCart, TriangleAlert, Zap } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import * as DropdownMenu from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useCredits } from '../api/get-credits';

// The history loads the first time it is opened.
const CreditHistoryDialog = lazy(() =>
  import('./credit-history-dialog').then((module) => ({ default: module.CreditHistoryDialog })),
);

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-zinc-100 outline-none data-[highlighted]:bg-zinc-800';

/** What the balance warns of when it is about to stop the next generation; null while there is room. */
export function lowBalanceWarning(credits: number): string | null {
  if (credits === 1) return 'Only 1 credit left. Buy credits to keep generating.';
  if (credits <= 0) return 'No credits left. Buy credits to generate.';
  return null;
}

/** The header's balance, a warning at its last credit: a menu to buy credits or read the credit history. */
export function CreditsMenu({ onBuy }: { onBuy(): void }) {
  const { credits, isLoading } = useCredits();
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyOpened = useOpenedOnce(historyOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  // The chosen item's dialog opens once the menu has closed and focus is back on the trigger, so the
  // dialog returns focus there (not to the menu item, which is gone by then) when it closes.
  const chosen = useRef<(() => void) | null>(null);
  const label = `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
  const warning = isLoading ? null : lowBalanceWarning(credits);
  const warningId = useId();

  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          aria-label={isLoading ? 'Credits loading' : label}
          aria-describedby={warning ? warningId : undefined}
          title={warning ?? 'Your credits'}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold',
            warning
              ? 'border-red-500/60 bg-red-500/10 text-red-200 hover:bg-red-500/20'
              : 'border-amber-500/40 bg-amber-500/10 text-amber-200 hover:bg-amber-500/20',
          )}
        >
          {warning ? (
            <TriangleAlert aria-hidden="true" className="size-4 text-red-300" />
          ) : (
            <Zap aria-hidden="true" className="size-4 fill-amber-300 text-amber-300" />
          )}
          {isLoading ? <Spinner className="size-3.5" /> : <span data-testid="credit-balance">{credits}</span>}
          {warning && (
            <>
              <span aria-hidden="true" className="hidden font-medium sm:inline">
                left
              </span>
              <span id={warningId} className="sr-only">
                {warning}
              </span>
            </>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(event) => {
              const open = chosen.current;
              chosen.current = null;
              if (!open) return;
              event.preventDefault();
              trigger.current?.focus();
              open();
            }}
            className="z-50 min-w-48 rounded-xl border border-zinc-800 bg-zinc-900 p-1.5 text-sm shadow-xl"
          >
            <DropdownMenu.Item
              onSelect={() => {
                chosen.current = onBuy;
              }}
              className={itemClass}
            >
              <ShoppingCart aria-hidden="true" className="size-4" />
              Buy credits
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => {
                chosen.current = () => setHistoryOpen(true);
              }}
              className={itemClass}
            >
              <History aria-hidden="true" className="size-4" />
              Credit history
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {historyOpened && (
        <Suspense fallback={null}>
          <CreditHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
        </Suspense>
      )}
    </>
  );
}
