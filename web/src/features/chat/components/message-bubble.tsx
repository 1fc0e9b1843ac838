import type { TextLayer } from '@thumbnail-studio/contract';
import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { ViewMessage } from '../../../lib/to-view-message';
import type { ImageActions } from '../types';
import { JobProgress } from './job-progress';
import { LegibilityNote } from './legibility-note';
import { LikenessNote } from './likeness-note';
import { MessageImage } from './message-image';
import { RegionOverlay } from './region-overlay';
import { UserImages } from './user-images';
import { type ImageChoice, VariationGrid } from './variation-grid';

interface BubbleProps {
  message: ViewMessage;
  /** Fetches fresh signed image URLs when one has expired. */
  onImagesExpired?(): Promise<unknown>;
  /** What a user message shows of the person models it featured. */
  renderModels?(ids: readonly string[]): ReactNode;
  /** Opens the purchase dialog from a refusal for credits, so running out is never a dead end. */
  onBuyCredits?(): void;
  /** The message the chat was opened at: marked so the eye finds it. */
  highlighted?: boolean;
  /** Makes the image's text read at feed size (the newest image only): see LegibilityNote. */
  onImproveText?(readable?: TextLayer[]): void;
  /** Asks again with the named people's likeness first (the newest image only). */
  onRetryLikeness?(names: string[]): void;
  /** The variation the next edit starts from ('Edit this one'), and how to choose one. */
  chosenImage?: ImageChoice | null;
  onChooseImage?(choice: ImageChoice | null): void;
  /** Download, share and preview under each image, as the app passes them in. */
  imageActions?: ImageActions;
  /** On a region edit's user message: a preview of the image it edits, when the chat has it. */
  editedImageUrl?: string | null;
}

const SHIMMER =
  'aspect-video w-full animate-shimmer motion-reduce:animate-none rounded-xl bg-linear-to-r from-zinc-800 via-zinc-700 to-zinc-800 bg-size-[200%_100%]';

/**
 * What the provider has drawn so far of each image, softened (it is not the result), in the
 * images' places: a grid for variations, a shimmer for an image with no picture yet.
 */
function PartialPictures({ partials }: { partials: readonly (string | null)[] }) {
  return (
    <div className={cn('grid gap-2', partials.length > 1 && 'grid-cols-2')}>
      {partials.map((url, index) =>
        url ? (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: an image's place among the variations is its identity
            key={index}
            src={url}
            alt={`Drawn so far${partials.length > 1 ? ` (${index + 1} of ${partials.length})` : ''}`}
            // Read in CORS mode, as every signed URL of the app is (one cache entry per URL).
            crossOrigin="anonymous"
            data-testid="partial-picture"
            className="aspect-video w-full rounded-xl object-cover opacity-80 blur-[2px] saturate-75 transition-[filter] duration-500"
          />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: an image's place among the variations is its identity
          <div key={index} aria-hidden="true" className={SHIMMER} />
        ),
      )}
    </div>
  );
}

/** The element id of a message in the list, to bring it into view. */
export const messageElementId = (messageId: string) => `message-${messageId}`;

function AssistantBody({
  message,
  onImagesExpired,
  onBuyCredits,
  onImproveText,
  onRetryLikeness,
  chosenImage,
  onChooseImage,
  imageActions,
}: BubbleProps) {
  if (message.isLoading) {
    return (
      <div className="flex w-full flex-col gap-3">
        <p className="px-2 pt-1">
          <JobProgress message={message} />
        </p>
        {message.partials.length > 0 ? (
          <PartialPictures partials={message.partials} />
        ) : (
          <div aria-hidden="true" className={SHIMMER} />
        )}
      </div>
    );
  }
  const { imageUrl } = message;
  if (message.isImageMessage && imageUrl) {
    return (
      <div className="flex w-full flex-col gap-3">
        {message.content && <p className="px-2 pt-1 whitespace-pre-wrap">{message.content}</p>}
        {message.images.length > 1 ? (
          <VariationGrid
            message={message}
            onExpired={onImagesExpired}
            chosen={chosenImage}
            onChoose={onChooseImage}
            actions={imageActions}
          />
        ) : (
          <MessageImage
            message={{ ...message, imageUrl }}
            onExpired={onImagesExpired}
            actions={imageActions}
          />
        )}
        {message.likeness && <LikenessNote likeness={message.likeness} onRetry={onRetryLikeness} />}
        {message.legibility && (
          <LegibilityNote legibility={message.legibility} onImproveText={onImproveText} />
        )}
      </div>
    );
  }
  if (message.needsCredits && onBuyCredits) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="whitespace-pre-wrap">{message.content}</p>
        <Button size="sm" onClick={onBuyCredits}>
          <ShoppingCart aria-hidden="true" className="size-4" />
          Buy credits
        </Button>
      </div>
    );
  }
  return <p className="whitespace-pre-wrap">{message.content}</p>;
}

function UserMessage({ message, onImagesExpired, renderModels, editedImageUrl = null }: BubbleProps) {
  return (
    // References sit above the text, outside the coloured bubble, as chat apps show attachments.
    <article aria-label="Your message" className="flex max-w-[85%] flex-col items-end gap-2 md:max-w-[70%]">
      <UserImages urls={message.uploadedImages} onExpired={onImagesExpired} />
      {message.selectedModels.length > 0 && renderModels?.(message.selectedModels)}
      {message.editFrom && message.maskUrl && (
        <RegionOverlay maskUrl={message.maskUrl} imageUrl={editedImageUrl} />
      )}
      {message.editFrom && (
        <p className="text-xs text-zinc-400">
          {message.maskUrl ? 'Edits the painted area of' : 'Edits'} variation {message.editFrom.index + 1}
        </p>
      )}
      <p className="rounded-2xl rounded-br-md bg-accent-600 px-4 py-3 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-white">
        {message.content}
      </p>
    </article>
  );
}

/** One chat message: the user's on the right, the assistant's on the left. */
export function MessageBubble(props: BubbleProps) {
  const { message, onImagesExpired, renderModels, highlighted } = props;
  if (message.type === 'user') {
    return (
      <li id={messageElementId(message.id)} className="flex justify-end">
        <UserMessage
          message={message}
          onImagesExpired={onImagesExpired}
          renderModels={renderModels}
          editedImageUrl={props.editedImageUrl}
        />
      </li>
    );
  }
  const wide = message.isLoading || message.isImageMessage;
  return (
    <li id={messageElementId(message.id)} className="flex justify-start">
      <article
        aria-label="Assistant message"
        aria-busy={message.isLoading || undefined}
        aria-current={highlighted || undefined}
        className={cn(
          'rounded-2xl rounded-bl-md text-[15px] leading-relaxed',
          highlighted && 'ring-2 ring-accent-500',
          // Pictures are the loudest thing on screen: a quieter frame around them.
          wide && 'w-full border border-zinc-800 bg-zinc-900 p-2 text-zinc-100 sm:p-3',
          !wide && 'max-w-[85%] px-4 py-3 md:max-w-[70%]',
          !wide &&
            (message.isError ? 'border border-red-800 bg-red-950 text-red-100' : 'bg-zinc-800 text-zinc-100'),
        )}
      >
        <AssistantBody {...props} />
      </article>
    </li>
  );
}
