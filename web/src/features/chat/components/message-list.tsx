import { type ReactNode, useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { ViewMessage } from '../utils/to-view-message';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  messages: ViewMessage[];
  isLoading: boolean;
  error: string | null;
  onImagesExpired?(): Promise<unknown>;
  /** What a user message shows of the person models it featured. */
  renderModels?(ids: readonly string[]): ReactNode;
}

/** Messages oldest first; keeps the newest in view as messages arrive. */
export function MessageList({ messages, isLoading, error, onImagesExpired, renderModels }: MessageListProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-6">
        {isLoading && (
          <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-zinc-400">
            <Spinner /> Loading messages...
          </p>
        )}
        {error && (
          <p role="alert" className="py-8 text-center text-sm text-red-300">
            {error}
          </p>
        )}
        <div role="log" aria-label="Messages" aria-live="polite">
          <ol className="flex flex-col gap-4">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                onImagesExpired={onImagesExpired}
                renderModels={renderModels}
              />
            ))}
          </ol>
        </div>
        <div ref={endRef} />
      </div>
    </div>
  );
}
