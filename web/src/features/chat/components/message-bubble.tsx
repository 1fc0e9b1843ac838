import { cn } from '../../../lib/cn';
import type { ViewMessage } from '../utils/to-view-message';
import { LoadingDots } from './loading-dots';
import { MessageImage } from './message-image';
import { UserImages } from './user-images';

const PENDING_TEXT = 'Processing your request...';

interface BubbleProps {
  message: ViewMessage;
  /** Fetches fresh signed image URLs when one has expired. */
  onImagesExpired?(): Promise<unknown>;
}

function AssistantBody({ message, onImagesExpired }: BubbleProps) {
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
  const { imageUrl } = message;
  if (message.isImageMessage && imageUrl) {
    return (
      <div className="flex w-full flex-col gap-3">
        {message.content && <p className="whitespace-pre-wrap">{message.content}</p>}
        <MessageImage message={{ ...message, imageUrl }} onExpired={onImagesExpired} />
      </div>
    );
  }
  return <p className="whitespace-pre-wrap">{message.content}</p>;
}

/** One chat message: the user's on the right, the assistant's on the left (UI.md). */
export function MessageBubble({ message, onImagesExpired }: BubbleProps) {
  const isUser = message.type === 'user';
  const wide = !isUser && (message.isLoading || message.isImageMessage);
  return (
    <li className={cn('flex', isUser ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={isUser ? 'Your message' : 'Assistant message'}
        aria-busy={message.isLoading || undefined}
        className={cn(
          'rounded-2xl text-[15px] leading-relaxed',
          isUser
            ? 'max-w-[85%] rounded-br-md bg-accent-600 px-4 py-3 text-white md:max-w-[70%]'
            : 'rounded-bl-md bg-zinc-800 text-zinc-100',
          !isUser && (wide ? 'w-full p-3 sm:p-4' : 'max-w-[85%] px-4 py-3 md:max-w-[70%]'),
          message.isError && 'border border-red-800 bg-red-950 text-red-100',
        )}
      >
        {isUser ? (
          <>
            <UserImages urls={message.uploadedImages} onExpired={onImagesExpired} />
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          </>
        ) : (
          <AssistantBody message={message} onImagesExpired={onImagesExpired} />
        )}
      </article>
    </li>
  );
}
