import { Download, Maximize2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ExpiringImage } from '../../../components/expiring-image';
import { Button } from '../../../components/ui/button';
import { previewSources } from '../../../lib/preview-sources';
import type { ViewMessage } from '../../../lib/to-view-message';
import { ShareImageMenu } from '../../thumbnails/components/share-image-menu';
import { PreviewButton } from '../../thumbnails/components/youtube-preview/preview-button';
import { useDownloadImage } from '../../thumbnails/hooks/use-download-image';
import { openFullSize } from '../hooks/use-open-full-size';

interface MessageImageProps {
  message: ViewMessage & { imageUrl: string };
  onExpired?(): Promise<unknown>;
}

/**
 * A generated thumbnail, the chat column wide and 16:9, from the preview width the screen needs:
 * click for full size; download the YouTube-ready JPEG (recommended) or the lossless PNG; share it;
 * preview it in YouTube's layouts. The preview
 * loads only near the screen, in a box whose size is reserved, so nothing moves when it arrives.
 */
export function MessageImage({ message, onExpired }: MessageImageProps) {
  const jpeg = useDownloadImage(message.id, message.prompt, 'jpeg');
  const png = useDownloadImage(message.id, message.prompt, 'png');
  const fullUrl = message.fullImageUrl ?? message.imageUrl;
  // Without a signed original yet, the click signs one (the link keeps the preview for a middle click).
  const onOpenFull = (event: MouseEvent) => {
    if (message.fullImageUrl || message.isBase64 || event.button !== 0) return;
    event.preventDefault();
    openFullSize(message.id);
  };
  const alt = message.prompt ? `Generated thumbnail: ${message.prompt}` : 'Generated thumbnail';
  // Older images offer only the PNG, their one download.
  const hasJpeg = message.downloads.includes('jpeg');
  const primary = message.isBase64 ? null : hasJpeg ? jpeg : png;
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
        {primary && (
          <Button
            variant="secondary"
            size="sm"
            busy={primary.busy}
            onClick={primary.download}
            title={primary === jpeg ? 'JPEG for YouTube, 1280x720, under 2 MB' : 'PNG, 1280x720'}
          >
            {!primary.busy && <Download aria-hidden="true" className="size-4" />} Download
          </Button>
        )}
        {primary === jpeg && (
          <Button
            variant="ghost"
            size="sm"
            busy={png.busy}
            onClick={png.download}
            aria-label="Download PNG"
            title="Lossless PNG, 1280x720"
          >
            PNG
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
        {!message.isBase64 && <ShareImageMenu messageId={message.id} shareToken={message.shareToken} />}
        <PreviewButton image={message} />
      </figcaption>
    </figure>
  );
}
