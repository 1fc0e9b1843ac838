import type { Conversation } from '@thumbnail-studio/contract';
import { MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatRelativeDate } from '../../../utils/relative-date';
import { ConversationRenameField } from './conversation-rename-field';

interface ConversationItemProps {
  conversation: Conversation;
  selected: boolean;
  /** This row is the list's one stop in the tab order (with its actions). */
  tabStop: boolean;
  now: Date;
  onSelect(id: string): void;
  onDelete(conversation: Conversation): void;
  onRename(id: string, title: string): Promise<void>;
  /** Arrow keys, Home and End on the row: the list moves the focus. */
  onRowKeyDown(event: KeyboardEvent<HTMLButtonElement>, id: string): void;
  onFocusRow(id: string): void;
}

const actionClass = 'rounded-md p-1.5 text-zinc-400 hover:bg-zinc-700';

/**
 * One conversation: its title (in full on hover, and wrapped in full while focused or open) and
 * date, and its actions, Rename and Delete, shown on hover, on focus and on the open conversation.
 */
export function ConversationItem(props: ConversationItemProps) {
  const { conversation, selected, tabStop, now, onSelect, onDelete, onRename } = props;
  const { id, title, updated_at } = conversation;
  const dateId = useId();
  const [editing, setEditing] = useState(false);
  const rowRef = useRef<HTMLButtonElement>(null);
  // Back on the row once a rename ends, so the keyboard carries on from where it was.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) rowRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const tabIndex = tabStop ? 0 : -1;
  return (
    <li
      onFocus={() => props.onFocusRow(id)}
      className={cn(
        'group relative flex items-center rounded-lg transition-colors',
        selected
          ? 'bg-accent-600/25 ring-1 ring-accent-500/70 ring-inset before:absolute before:inset-y-2 before:left-0 before:w-1 before:rounded-full before:bg-accent-400'
          : 'hover:bg-zinc-800/60 focus-within:bg-zinc-800/60',
      )}
    >
      {editing ? (
        <ConversationRenameField
          title={title}
          onSave={(next) => onRename(id, next)}
          onDone={() => setEditing(false)}
        />
      ) : (
        <button
          ref={rowRef}
          type="button"
          data-row-id={id}
          tabIndex={tabIndex}
          title={title}
          aria-label={title}
          aria-describedby={dateId}
          aria-current={selected ? 'true' : undefined}
          onClick={() => onSelect(id)}
          onKeyDown={(event) => props.onRowKeyDown(event, id)}
          className="flex min-w-0 flex-1 items-start gap-2.5 rounded-lg py-2.5 pr-20 pl-3 text-left"
        >
          <MessageSquare
            aria-hidden="true"
            className={cn('mt-0.5 size-4 shrink-0', selected ? 'text-accent-400' : 'text-zinc-400')}
          />
          <span className="min-w-0">
            <span
              className={cn(
                'block truncate text-sm text-zinc-100 group-focus-within:whitespace-normal group-focus-within:wrap-anywhere',
                selected && 'font-semibold whitespace-normal wrap-anywhere text-zinc-50',
              )}
            >
              {title}
            </span>
            <span id={dateId} className={cn('block text-xs', selected ? 'text-zinc-300' : 'text-zinc-400')}>
              {formatRelativeDate(updated_at, now)}
            </span>
          </span>
        </button>
      )}
      {!editing && (
        <span
          className={cn(
            'absolute top-1.5 right-1.5 flex gap-0.5',
            !selected && 'md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100',
          )}
        >
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={`Rename conversation ${title}`}
            title="Rename"
            onClick={() => setEditing(true)}
            className={cn(actionClass, 'hover:text-zinc-50')}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={`Delete conversation ${title}`}
            title="Delete"
            onClick={() => onDelete(conversation)}
            className={cn(actionClass, 'hover:text-red-300')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </span>
      )}
    </li>
  );
}
