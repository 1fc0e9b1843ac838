import type { CreditHistoryEntry } from '@thumbnail-studio/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { formatRelativeDate } from '../../../utils/relative-date';
import { useCreditHistory } from '../api/get-credit-history';
import { formatLedgerAmount } from '../utils/ledger-amount';

interface CreditHistoryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const creditsText = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/** Every change of the balance, newest first, with the balance the server reports. */
export function CreditHistoryDialog({ open, onOpenChange }: CreditHistoryDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Credit history"
      description="Every change of your balance, newest first."
    >
      {/* Mounted only while open, so the history is read when it is shown. */}
      <CreditHistoryList />
    </Dialog>
  );
}

function CreditHistoryList() {
  const { query, balance, entries } = useCreditHistory();

  if (!query.data) {
    if (query.isError) {
      return (
        <div className="mt-5 flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(query.error)}
          </p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <p role="status" className="mt-5 flex items-center gap-2 text-sm text-zinc-300">
        <Spinner /> Loading history...
      </p>
    );
  }

  return (
    <div className="mt-5">
      {balance !== undefined && (
        <p className="text-sm text-zinc-300">
          Balance: <span className="font-semibold text-zinc-50">{creditsText(balance)}</span>
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-400">No credit changes yet.</p>
      ) : (
        <ol aria-label="Credit changes" className="mt-3 divide-y divide-zinc-800 border-y border-zinc-800">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {errorMessage(query.error)}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </div>
  );
}

function HistoryEntry({ entry }: { entry: CreditHistoryEntry }) {
  const date = new Date(entry.created_at);
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="text-sm break-words text-zinc-100">{entry.reason}</p>
        <time
          dateTime={entry.created_at}
          title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString()}
          className="text-xs text-zinc-400"
        >
          {formatRelativeDate(entry.created_at)}
        </time>
      </div>
      <span
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          entry.amount > 0 ? 'text-emerald-400' : entry.amount < 0 ? 'text-red-300' : 'text-zinc-400',
        )}
      >
        {formatLedgerAmount(entry.amount, entry.kind)}
      </span>
    </li>
  );
}
