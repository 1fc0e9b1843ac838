import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAutoResize } from '../hooks/use-auto-resize';

interface ChatInputProps {
  busy: boolean;
  /** Resolves false when the message was not sent, so the text comes back for another try. */
  onSend(text: string): Promise<boolean>;
}

export function ChatInput({ busy, onSend }: ChatInputProps) {
  const [value, setValue] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useAutoResize(textareaRef, value);
  const canSend = value.trim().length > 0 && !busy;

  const submit = async () => {
    const text = value.trim();
    if (!text || busy) return;
    setValue('');
    const sent = await onSend(text);
    if (!sent) setValue((current) => current || text);
    textareaRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a line; never while an IME is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={handleSubmit} className="border-t border-zinc-800 bg-zinc-950 px-4 py-3">
      <div className="mx-auto flex w-full max-w-3xl items-end gap-2 rounded-2xl border border-zinc-700 bg-zinc-900 p-2 focus-within:border-accent-500">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          ref={textareaRef}
          rows={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder="Describe the thumbnail you want..."
          className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] text-zinc-50 placeholder:text-zinc-400 focus:outline-none"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} busy={busy}>
          {!busy && <SendHorizontal aria-hidden="true" className="size-5" />}
        </Button>
      </div>
      <p className="mx-auto mt-2 hidden max-w-3xl text-xs text-zinc-400 md:block">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
