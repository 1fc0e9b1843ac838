import type { Conversation } from '@thumbnail-studio/contract';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { filterByTitle, offersSearch } from '../utils/filter-conversations';
import { ConversationList, TAB_STOP_SELECTOR } from './conversation-list';
import { ConversationSearch } from './conversation-search';

// The confirmation (and the dialog primitive under it) loads the first time a deletion is asked for.
const DeleteConversationDialog = lazy(() =>
  import('./delete-conversation-dialog').then((module) => ({ default: module.DeleteConversationDialog })),
);

interface ConversationSidebarProps {
  conversations: Conversation[];
  selectedId: string | null;
  isLoading: boolean;
  loadError: Error | null;
  isCreating: boolean;
  onSelect(id: string): void;
  onCreate(): void;
  onDelete(id: string): Promise<void>;
  onRename(id: string, title: string): Promise<void>;
}

/** Refreshes relative dates once a minute without refetching. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function ConversationSidebar(props: ConversationSidebarProps) {
  const { conversations, selectedId, isLoading, loadError, isCreating, onSelect, onCreate, onDelete } = props;
  const [pendingDelete, setPendingDelete] = useState<Conversation | null>(null);
  const deleteOpened = useOpenedOnce(pendingDelete !== null);
  const [query, setQuery] = useState('');
  const now = useNow();
  const listRef = useRef<HTMLUListElement>(null);
  // After a deletion the row that opened the dialog is gone: focus goes to the list's row in the tab order.
  const listTabStop = useMemo(
    () => ({
      get current() {
        return listRef.current?.querySelector<HTMLElement>(TAB_STOP_SELECTOR) ?? null;
      },
    }),
    [],
  );
  const shown = filterByTitle(conversations, query);

  return (
    <div className="flex h-full flex-col">
      <div className="p-3">
        <Button variant="secondary" className="w-full justify-start" busy={isCreating} onClick={onCreate}>
          {!isCreating && <Plus aria-hidden="true" className="size-4" />}
          New Conversation
        </Button>
      </div>
      {offersSearch(conversations.length, query) && <ConversationSearch value={query} onChange={setQuery} />}
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        {isLoading && (
          <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-zinc-400">
            <Spinner /> Loading conversations...
          </p>
        )}
        {loadError && (
          <p role="alert" className="px-3 py-2 text-sm text-red-300">
            {errorMessage(loadError)}
          </p>
        )}
        {query.trim() && shown.length === 0 && (
          <p role="status" className="px-3 py-2 text-sm text-zinc-400">
            No conversations match “{query.trim()}”.
          </p>
        )}
        <ConversationList
          conversations={shown}
          selectedId={selectedId}
          now={now}
          listRef={listRef}
          onSelect={onSelect}
          onDelete={setPendingDelete}
          onRename={props.onRename}
        />
      </nav>
      {deleteOpened && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            title={pendingDelete?.title ?? null}
            fallbackFocus={listTabStop}
            onCancel={() => setPendingDelete(null)}
            onConfirm={async () => {
              if (!pendingDelete) return;
              await onDelete(pendingDelete.id);
              setPendingDelete(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
