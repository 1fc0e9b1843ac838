import { Check, Maximize2, PencilLine } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ExpiringImage } from '../../../components/expiring-image';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { previewSources } from '../../../lib/preview-sources';
import type { ViewImage, ViewMessage } from '../../../lib/to-view-message';
import { openFullSize } from '../hooks/use-open-full-size';
import { useRegionSend } from '../hooks/use-region-send';
import type { ImageActions } from '../types';

/** The image an edit starts from: one image of one message. */
export interface ImageChoice {
  messageId: string;
  index: number;
}

interface VariationGridProps {
  message: ViewMessage;
  onExpired?(): Promise<unknown>;
  /** The image the next message edits, if the creator chose one. */
  chosen?: ImageChoice | null;
  /** Chooses an image for the next edit, or takes the choice back (null). */
  onChoose?(choice: ImageChoice | null): void;
  /** Download and share, as the app passes them in. */
  actions?: ImageActions;
}

/** Half the chat column (two across), or the screen less its padding where one fits across. */
const GRID_SIZES = '(min-width: 760px) 350px, (min-width: 480px) 50vw, calc(100vw - 50px)';

/**
 * The variations of one answer, two across (1x2 or 2x2), one across on narrow phones. Each can
 * be opened full size, downloaded (the YouTube-ready JPEG, or the PNG on older images), shared
 * on its own public link, or chosen as the image the next edit starts from ('Edit this one');
 * the chosen one is marked.
 */
export function VariationGrid({ message, onExpired, chosen, onChoose, actions }: VariationGridProps) {
  return (
    <ul aria-label="Variations" className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2">
      {message.images.map((image) => (
        <Variation
          key={image.index}
          message={message}
          image={image}
          onExpired={onExpired}
          isChosen={chosen?.messageId === message.id && chosen.index === image.index}
          onChoose={onChoose}
          actions={actions}
        />
      ))}
    </ul>
  );
}

interface VariationProps {
  message: ViewMessage;
  image: ViewImage;
  onExpired?(): Promise<unknown>;
  isChosen: boolean;
  onChoose?(choice: ImageChoice | null): void;
  /** Download and share, as the app passes them in. */
  actions?: ImageActions;
}

function Variation({ message, image, onExpired, isChosen, onChoose, actions }: VariationProps) {
  const name = `Variation ${image.index + 1} of ${message.images.length}`;
  const fullUrl = image.fullImageUrl ?? image.imageUrl;
  const regionSend = useRegionSend();
  // Lists carry only the previews: a plain click signs the original first.
  const onOpenFull = (event: MouseEvent) => {
    if (image.fullImageUrl || event.button !== 0) return;
    event.preventDefault();
    openFullSize(message.id, image.index);
  };
  return (
    <li>
      <figure
        aria-label={name}
        className={cn('flex flex-col gap-1 rounded-xl p-1', isChosen && 'ring-2 ring-accent-500')}
      >
        <ExpiringImage
          src={image.imageUrl}
          sources={previewSources(image.imageSources, GRID_SIZES)}
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
          onExpired={onExpired}
          alt={message.prompt ? `${name}: ${message.prompt}` : name}
          link={{
            href: fullUrl,
            label: `Open ${name.toLowerCase()} full size`,
            className: 'block overflow-hidden rounded-lg',
            onClick: onOpenFull,
          }}
          className="aspect-video h-auto w-full rounded-lg bg-zinc-900 object-cover"
          errorClassName="py-4 text-center"
        />
        <figcaption className="flex flex-wrap items-center gap-1">
          {actions && <actions.VariationDownload message={message} image={image} name={name} />}
          <a
            href={fullUrl}
            target="_blank"
            rel="noreferrer"
            onClick={onOpenFull}
            aria-label={`Full size ${name.toLowerCase()}`}
            className="inline-flex h-8 items-center rounded-lg px-2 text-zinc-300 hover:bg-zinc-700/60 hover:text-zinc-50"
          >
            <Maximize2 aria-hidden="true" className="size-4" />
          </a>
          {actions && !message.isBase64 && (
            <actions.Share messageId={message.id} imageIndex={image.index} shareToken={image.shareToken} />
          )}
          {actions && !message.isBase64 && (
            <actions.EditText
              messageId={message.id}
              imageIndex={image.index}
              label={`Edit text: ${name.toLowerCase()}`}
            />
          )}
          {actions && regionSend && !message.isBase64 && (
            <actions.EditRegion
              messageId={message.id}
              imageIndex={image.index}
              label={`Edit a region: ${name.toLowerCase()}`}
              {...regionSend}
            />
          )}
          {onChoose && (
            <Button
              variant={isChosen ? 'primary' : 'ghost'}
              size="sm"
              aria-pressed={isChosen}
              aria-label={`Edit this one: ${name.toLowerCase()}`}
              onClick={() => onChoose(isChosen ? null : { messageId: message.id, index: image.index })}
            >
              {isChosen ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <PencilLine aria-hidden="true" className="size-4" />
              )}
              Edit this one
            </Button>
          )}
        </figcaption>
      </figure>
    </li>
  );
}
