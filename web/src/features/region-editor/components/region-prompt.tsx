import { REGION_TEXTS } from '@thumbnail-studio/contract';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';

interface RegionPromptProps {
  /** Whether anything is painted: without it there is nothing to send. */
  painted: boolean;
  costText: string;
  /** The chat is sending or making an image. */
  busy: boolean;
  /** Resolves once the send is done (or refused), whatever came of it. */
  onSend(content: string): Promise<void>;
}

const HINT_ID = 'region-send-hint';

/** 'What should change there?' and the send, named with what it costs. */
export function RegionPrompt({ painted, costText, busy, onSend }: RegionPromptProps) {
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const hint = !painted ? REGION_TEXTS.emptyMask : busy ? 'Send once the image being made is ready.' : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!painted || busy || sending || !content.trim()) return;
    setSending(true);
    try {
      await onSend(content.trim());
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="region-prompt" className="text-sm font-medium text-zinc-100">
        What should change there?
      </label>
      <textarea
        id="region-prompt"
        rows={2}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a line; not while an input method is composing a word.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
        }}
        placeholder="replace the sky with a storm"
        className="resize-none rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-accent-500"
      />
      {hint && (
        <p id={HINT_ID} className="text-sm text-zinc-300">
          {hint}
        </p>
      )}
      <Button
        type="submit"
        busy={sending}
        disabled={!painted || busy || !content.trim()}
        aria-describedby={hint ? HINT_ID : undefined}
      >
        <SendHorizontal aria-hidden="true" className="size-4" /> Send · {costText}
      </Button>
    </form>
  );
}
