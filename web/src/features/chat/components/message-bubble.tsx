import { cn } from '../../../lib/cn';
import type { ViewMessage } from '../utils/to-view-message';
import { LoadingDots } from './loading-dots';
import { MessageImage } from './message-image';

const PENDING_TEXT = 'Processing your request...';

function AssistantBody({ message }: { message: ViewMessage }) {
  if (message.isLoading) {
    return (
      <div className="flex w-full flex-col gap-3">
        <LoadingDots text={message.content || PENDING_TEXT} />
        <div
          aria-hidden="true"
          className="aspect-video w-full animate-shimmer motion-reduce:animate-none rounded-xl bg-linear-to-r from-zinc-800 via-zinc-700 to-zinc-800 bg-size-[200%_100%]"
        />
      </div>
    );
  }
  if (message.isImageMessage && message.imageUrl) {
    return (
      <div className="flex w-full flex-col gap-3">
        {message.content && <p className="whitespace-pre-wrap">{message.content}</p>}
        <MessageImage url={message.imageUrl} prompt={message.prompt} isBase64={message.isBase64} />
      </div>
    );
  }
  return <p className="whitespace-pre-wrap">{message.content}</p>;
}

/** One chat message: the user's on the right, the assistant's on the left (UI.md). */
export function MessageBubble({ message }: { message: ViewMessage }) {
  const isUser = message.type === 'user';
  const wide = !isUser && (message.isLoading || message.isImageMessage);
  return (
    <li className={cn('flex', isUser ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={isUser ? 'Your message' : 'Assistant message'}
        aria-busy={message.isLoading || undefined}
        className={cn(
          'rounded-2xl px-4 py-3 text-[15px] leading-relaxed',
          isUser
            ? 'max-w-[85%] rounded-br-md bg-accent-600 text-white md:max-w-[70%]'
            : 'rounded-bl-md bg-zinc-800 text-zinc-100',
          !isUser && (wide ? 'w-full' : 'max-w-[85%] md:max-w-[70%]'),
          message.isError && 'border border-red-800 bg-red-950 text-red-100',
          isUser && message.isLoading && 'opacity-70',
        )}
      >
        {isUser ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <AssistantBody message={message} />
        )}
      </article>
    </li>
  );
}
