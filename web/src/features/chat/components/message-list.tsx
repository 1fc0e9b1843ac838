import type { TextLayer } from '@thumbnail-studio/contract';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { ViewMessage } from '../../../lib/to-view-message';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import type { ImageActions } from '../types';
import { MessageBubble, messageElementId } from './message-bubble';
import type { ImageChoice } from './variation-grid';

interface MessageListProps {
  messages: ViewMessage[];
  isLoading: boolean;
  error: string | null;
  onImagesExpired?(): Promise<unknown>;
  /** What a user message shows of the person models it featured. */
  renderModels?(ids: readonly string[]): ReactNode;
  /** Older messages exist on the server: scrolling near the top asks for them. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?(): void;
  /** Opens the purchase dialog from a refusal for credits. */
  onBuyCredits?(): void;
  /** Shown after the messages, e.g. help while nothing was asked yet. */
  children?: ReactNode;
  /** Makes the newest image's text read at feed size: its layers fixed (`readable`), else a paid edit. */
  onImproveText?(messageId: string, readable?: TextLayer[]): void;
  /** Asks again for an image, the named people's likeness first (offered on the newest image only). */
  onRetryLikeness?(messageId: string, names: string[]): void;
  /** A message to bring into view and mark once it is loaded, loading older pages until it is. */
  focusMessageId?: string;
  /** The variation the next edit starts from ('Edit this one'), and how to choose one. */
  chosenImage?: ImageChoice | null;
  onChooseImage?(choice: ImageChoice | null): void;
  /** Download, share and preview under each image, as the app passes them in. */
  imageActions?: ImageActions;
}

/** The preview of the image a region edit edited, when it is among the loaded messages. */
function editedImageUrl(messages: readonly ViewMessage[], message: ViewMessage): string | null {
  const from = message.maskUrl ? message.editFrom : null;
  if (!from) return null;
  const source = messages.find((each) => each.id === from.messageId);
  return source?.images.find((image) => image.index === from.index)?.imageUrl ?? null;
}

/** How near the top (in pixels) scrolling asks for older messages, so they are there before the top is. */
const LOAD_OLDER_MARGIN = 600;

/**
 * Messages oldest first; keeps the newest in view as messages arrive and while the message box
 * grows, and loads older ones as the creator scrolls up, keeping what they look at in place.
 */
export function MessageList(props: MessageListProps) {
  const { messages, isLoading, error, onImagesExpired, renderModels, onBuyCredits } = props;
  const { hasOlder = false, loadingOlder = false, onLoadOlder } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useStickToBottom(scrollerRef, contentRef);
  const lastId = messages.at(-1)?.id;
  // Only the newest image is offered the text edit: an edit starts from the latest images.
  const newestImageId = messages.findLast((message) => message.isImageMessage)?.id;
  const firstId = messages[0]?.id;
  // The scroll height before older messages went in above: the view moves down by what they add.
  const heightBefore = useRef<number | null>(null);

  // Before paint, so the screen opens at the newest message and lazy images near the top never start.
  // What scrollIntoView({ block: 'end' }) does to the list, by its own offset: Chromium also moves
  // its keyboard starting point to an element scrolled into view, so the first Tab skipped the skip link.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const end = endRef.current;
    if (!lastId || !scroller || !end) return;
    scroller.scrollTop += end.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
  }, [lastId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages went in on top
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || heightBefore.current === null) return;
    scroller.scrollTop += scroller.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [firstId]);

  const askForOlder = () => {
    const scroller = scrollerRef.current;
    if (!scroller || !hasOlder || loadingOlder || !onLoadOlder) return;
    if (scroller.scrollTop > LOAD_OLDER_MARGIN) return;
    heightBefore.current = scroller.scrollHeight;
    onLoadOlder();
  };

  // A first page shorter than the screen can't be scrolled: ask for more at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked whenever the list or the cursor changes
  useEffect(askForOlder, [firstId, hasOlder, loadingOlder]);

  // Opened at one message: older pages load until it is there, then it is centred and marked.
  const seeking = useRef(props.focusMessageId ?? null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked whenever the list or the cursor changes
  useEffect(() => {
    const id = seeking.current;
    if (!id || isLoading) return;
    if (messages.some((message) => message.id === id)) {
      seeking.current = null;
      setFocusedId(id);
      document.getElementById(messageElementId(id))?.scrollIntoView({ block: 'center' });
      return;
    }
    if (!hasOlder) {
      seeking.current = null;
      return;
    }
    if (loadingOlder || !onLoadOlder) return;
    heightBefore.current = scrollerRef.current?.scrollHeight ?? null;
    onLoadOlder();
  }, [firstId, lastId, hasOlder, loadingOlder, isLoading]);

  return (
    <div
      ref={scrollerRef}
      onScroll={() => {
        stickToBottom();
        askForOlder();
      }}
      className="min-h-0 flex-1 overflow-y-auto"
    >
      <div ref={contentRef} className="mx-auto flex w-full max-w-3xl flex-col px-4 py-6">
        {loadingOlder && (
          <p role="status" className="flex items-center justify-center gap-2 pb-4 text-sm text-zinc-400">
            <Spinner /> Loading earlier messages...
          </p>
        )}
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
                highlighted={message.id === focusedId}
                onImagesExpired={onImagesExpired}
                renderModels={renderModels}
                onBuyCredits={onBuyCredits}
                onImproveText={
                  message.id === newestImageId && props.onImproveText
                    ? (readable) => props.onImproveText?.(message.id, readable)
                    : undefined
                }
                onRetryLikeness={
                  message.id === newestImageId && props.onRetryLikeness
                    ? (names) => props.onRetryLikeness?.(message.id, names)
                    : undefined
                }
                chosenImage={props.chosenImage}
                onChooseImage={props.onChooseImage}
                imageActions={props.imageActions}
                editedImageUrl={editedImageUrl(messages, message)}
              />
            ))}
          </ol>
        </div>
        {props.children}
        <div ref={endRef} />
      </div>
    </div>
  );
}
