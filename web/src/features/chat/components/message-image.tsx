import { Download, Maximize2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useDownloadImage } from '../hooks/use-download-image';
import { openFullSize } from '../hooks/use-open-full-size';
import type { ViewMessage } from '../utils/to-view-message';
import { ExpiringImage } from './expiring-image';

/** The preview's own size (16:9): the box is reserved before a byte of it arrives. */
const PREVIEW_WIDTH = 640;
const PREVIEW_HEIGHT = 360;

interface MessageImageProps {
  message: ViewMessage & { imageUrl: string };
  onExpired?(): Promise<unknown>;
}

/**
 * A generated thumbnail, the chat column wide and 16:9: click for full size, download the 1280x720 PNG.
 * The preview loads only near the screen, in a box whose size is reserved, so nothing moves when it arrives.
 */
export function MessageImage({ message, onExpired }: MessageImageProps) {
  const { download, busy } = useDownloadImage(message.id, message.downloadUrl, message.prompt);
  const fullUrl = message.fullImageUrl ?? message.imageUrl;
  // Without a signed original yet, the click signs one (the link keeps the preview for a middle click).
  const onOpenFull = (event: MouseEvent) => {
    if (message.fullImageUrl || message.isBase64 || event.button !== 0) return;
    event.preventDefault();
    openFullSize(message.id);
  };
  const alt = message.prompt ? `Generated thumbnail: ${message.prompt}` : 'Generated thumbnail';
  return (
    <figure className="flex flex-col gap-2">
      <ExpiringImage
        src={message.imageUrl}
        isBase64={message.isBase64}
        onExpired={onExpired}
        alt={alt}
        width={PREVIEW_WIDTH}
        height={PREVIEW_HEIGHT}
        loading="lazy"
        decoding="async"
        link={{
          href: fullUrl,
          label: 'Open full size image',
          className: 'block overflow-hidden rounded-xl',
          onClick: onOpenFull,
        }}
        className="aspect-video w-full rounded-xl bg-zinc-900 object-cover transition-transform duration-200 hover:scale-[1.01] motion-reduce:transition-none"
        errorClassName="py-6 text-center"
      />
      <figcaption className="flex flex-wrap gap-2 px-1 pb-1">
        {!message.isBase64 && (
          <Button variant="secondary" size="sm" busy={busy} onClick={download}>
            {!busy && <Download aria-hidden="true" className="size-4" />} Download
          </Button>
        )}
        <a
          href={fullUrl}
          target="_blank"
          rel="noreferrer"
          onClick={onOpenFull}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm text-zinc-300 hover:bg-zinc-700/60 hover:text-zinc-50"
        >
          <Maximize2 aria-hidden="true" className="size-4" /> Full size
        </a>
      </figcaption>
    </figure>
  );
}
