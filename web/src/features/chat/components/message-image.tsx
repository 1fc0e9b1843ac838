import { Maximize2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ExpiringImage } from '../../../components/expiring-image';
import { previewSources } from '../../../lib/preview-sources';
import type { ViewMessage } from '../../../lib/to-view-message';
import { openFullSize } from '../hooks/use-open-full-size';
import { useRegionSend } from '../hooks/use-region-send';
import type { ImageActions } from '../types';

interface MessageImageProps {
  message: ViewMessage & { imageUrl: string };
  onExpired?(): Promise<unknown>;
  /** Download, share, preview, 'Edit text' and 'Edit a region', as the app passes them in. */
  actions?: ImageActions;
}

/**
 * A generated thumbnail, the chat column wide and 16:9, from the preview width the screen needs:
 * click for full size; download the YouTube-ready JPEG (recommended) or the lossless PNG; share it;
 * preview it in YouTube's layouts; edit its text or a region of it. The preview
 * loads only near the screen, in a box whose size is reserved, so nothing moves when it arrives.
 */
export function MessageImage({ message, onExpired, actions }: MessageImageProps) {
  const fullUrl = message.fullImageUrl ?? message.imageUrl;
  // Without a signed original yet, the click signs one (the link keeps the preview for a middle click).
  const onOpenFull = (event: MouseEvent) => {
    if (message.fullImageUrl || message.isBase64 || event.button !== 0) return;
    event.preventDefault();
    openFullSize(message.id);
  };
  const regionSend = useRegionSend();
  const alt = message.prompt ? `Generated thumbnail: ${message.prompt}` : 'Generated thumbnail';
  return (
    <figure className="flex flex-col gap-2">
      <ExpiringImage
        src={message.imageUrl}
        sources={previewSources(message.imageSources)}
        width={1280}
        height={720}
        loading="lazy"
        decoding="async"
        isBase64={message.isBase64}
        onExpired={onExpired}
        alt={alt}
        link={{
          href: fullUrl,
          label: 'Open full size image',
          className: 'block overflow-hidden rounded-xl',
          onClick: onOpenFull,
        }}
        className="aspect-video h-auto w-full rounded-xl bg-zinc-900 object-cover transition-transform duration-200 hover:scale-[1.01] motion-reduce:transition-none"
        errorClassName="py-6 text-center"
      />
      <figcaption className="flex flex-wrap gap-2 px-1 pb-1">
        {actions && !message.isBase64 && <actions.Downloads message={message} />}
        <a
          href={fullUrl}
          target="_blank"
          rel="noreferrer"
          onClick={onOpenFull}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm text-zinc-300 hover:bg-zinc-700/60 hover:text-zinc-50"
        >
          <Maximize2 aria-hidden="true" className="size-4" /> Full size
        </a>
        {actions && !message.isBase64 && (
          <actions.Share messageId={message.id} shareToken={message.shareToken} />
        )}
        {actions && <actions.Preview image={message} send={regionSend ?? undefined} />}
        {actions && !message.isBase64 && <actions.EditText messageId={message.id} />}
        {actions && regionSend && !message.isBase64 && (
          <actions.EditRegion messageId={message.id} {...regionSend} />
        )}
      </figcaption>
    </figure>
  );
}
