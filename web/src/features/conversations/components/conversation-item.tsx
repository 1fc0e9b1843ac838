import type { Conversation } from '@thumbnail-studio/contract';
import { MessageSquare, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { formatRelativeDate } from '../../../utils/relative-date';

interface ConversationItemProps {
  conversation: Conversation;
  selected: boolean;
  now: Date;
  onSelect(id: string): void;
  onDelete(conversation: Conversation): void;
}

export function ConversationItem({ conversation, selected, now, onSelect, onDelete }: ConversationItemProps) {
  const dateId = useId();
  const { id, title, updated_at } = conversation;
  return (
    <li
      className={cn(
        'group relative flex items-center rounded-lg transition-colors',
        selected ? 'bg-zinc-800' : 'hover:bg-zinc-800/60',
      )}
    >
      <button
        type="button"
        aria-label={title}
        aria-describedby={dateId}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(id)}
        className="flex min-w-0 flex-1 items-start gap-2.5 rounded-lg py-2.5 pr-10 pl-3 text-left"
      >
        <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
        <span className="min-w-0">
          <span className="block truncate text-sm text-zinc-100">{title}</span>
          <span id={dateId} className="block text-xs text-zinc-400">
            {formatRelativeDate(updated_at, now)}
          </span>
        </span>
      </button>
      <button
        type="button"
        aria-label={`Delete conversation ${title}`}
        onClick={() => onDelete(conversation)}
        className={cn(
          'absolute right-1.5 rounded-md p-1.5 text-zinc-400 hover:bg-zinc-700 hover:text-red-300',
          !selected && 'md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100',
        )}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
