import { EMPTY_TITLE_TEXT, TITLE_LENGTH } from '@thumbnail-studio/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';

interface ConversationRenameFieldProps {
  title: string;
  /** Stores the new title; a rejection is shown under the field, which stays open. */
  onSave(title: string): Promise<void>;
  /** Editing ended, saved or not. */
  onDone(): void;
}

/**
 * A conversation's title as an inline text box: Enter saves, Escape cancels, leaving the box
 * saves a changed title (and drops an empty one); an empty title is refused with a message.
 */
export function ConversationRenameField({ title, onSave, onDone }: ConversationRenameFieldProps) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set once Enter, Escape or leaving the box decided; the blur of a box going away changes nothing.
  const settled = useRef(false);
  const errorId = useId();
  const hintId = useId();

  const save = async (fromBlur: boolean) => {
    if (settled.current || saving) return;
    const next = value.trim();
    if (!next) {
      if (fromBlur) finish();
      else setError(EMPTY_TITLE_TEXT);
      return;
    }
    if (next === title) return finish();
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
      finish();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  const finish = () => {
    settled.current = true;
    onDone();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Kept here: Escape must not also close the sidebar on a phone, nor arrows move the list.
    event.stopPropagation();
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save(false);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    }
  };

  return (
    <div className="min-w-0 flex-1 py-1.5 pr-2 pl-3">
      <input
        // biome-ignore lint/a11y/noAutofocus: the box opens because the user asked to rename
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        aria-label="Conversation title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        maxLength={TITLE_LENGTH}
        value={value}
        // Read-only rather than disabled while saving: a disabled box would drop the focus.
        readOnly={saving}
        aria-busy={saving || undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => void save(true)}
        className="w-full rounded-md border border-zinc-600 bg-zinc-950 px-2 py-1 text-sm text-zinc-50 focus:border-accent-500 focus:outline-none aria-invalid:border-red-400"
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-300">
          {error}
        </p>
      )}
      <p id={hintId} className="sr-only">
        Enter saves, Escape cancels.
      </p>
    </div>
  );
}
