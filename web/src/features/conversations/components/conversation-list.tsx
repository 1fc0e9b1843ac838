import type { Conversation } from '@thumbnail-studio/contract';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { nextRovingIndex } from '../utils/roving-index';
import { ConversationItem } from './conversation-item';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  now: Date;
  listRef: RefObject<HTMLUListElement | null>;
  onSelect(id: string): void;
  onDelete(conversation: Conversation): void;
  onRename(id: string, title: string): Promise<void>;
}

/** The row in the tab order, as `ConversationList` marks it: where focus goes back to in the list. */
export const TAB_STOP_SELECTOR = '[data-row-id][tabindex="0"]';

/**
 * The conversations as one stop in the tab order (a roving tabindex): Tab reaches the last row
 * focused (at first the open one) and its actions, ArrowUp/ArrowDown/Home/End move between rows,
 * and Enter or Space opens one.
 */
export function ConversationList(props: ConversationListProps) {
  const { conversations, selectedId, now, listRef, onSelect, onDelete, onRename } = props;
  const [activeId, setActiveId] = useState<string | null>(null);
  const ids = conversations.map(({ id }) => id);
  const tabStopId = [activeId, selectedId].find((id) => id !== null && ids.includes(id)) ?? ids[0];

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const next = nextRovingIndex(event.key, ids.indexOf(id), ids.length);
    const nextId = next === undefined ? undefined : ids[next];
    if (nextId === undefined) return;
    event.preventDefault();
    setActiveId(nextId);
    listRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(nextId)}"]`)?.focus();
  };

  return (
    <ul ref={listRef} className="flex flex-col gap-0.5">
      {conversations.map((conversation) => (
        <ConversationItem
          key={conversation.id}
          conversation={conversation}
          selected={conversation.id === selectedId}
          tabStop={conversation.id === tabStopId}
          now={now}
          onSelect={onSelect}
          onDelete={onDelete}
          onRename={onRename}
          onRowKeyDown={moveFocus}
          onFocusRow={setActiveId}
        />
      ))}
    </ul>
  );
}
