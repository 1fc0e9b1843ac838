import { Search } from 'lucide-react';

interface ConversationSearchProps {
  value: string;
  onChange(value: string): void;
}

/** Filters the conversation list by title as the user types. */
export function ConversationSearch({ value, onChange }: ConversationSearchProps) {
  return (
    <div className="relative px-3 pb-2">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-[calc(50%+4px)] text-zinc-400"
      />
      <input
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Escape clears the search first; a phone's sidebar closes on the next one.
          if (event.key === 'Escape' && value) {
            event.stopPropagation();
            onChange('');
          }
        }}
        className="h-9 w-full rounded-lg border border-zinc-700 bg-zinc-950 pr-2 pl-9 text-sm text-zinc-50 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
      />
    </div>
  );
}
