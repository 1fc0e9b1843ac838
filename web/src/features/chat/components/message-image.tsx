import { Download, Maximize2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useDownloadImage } from '../hooks/use-download-image';
import type { ViewMessage } from '../utils/to-view-message';
import { ExpiringImage } from './expiring-image';

interface MessageImageProps {
  message: ViewMessage & { imageUrl: string };
  onExpired?(): Promise<unknown>;
}

/** A generated thumbnail, the chat column wide and 16:9: click for full size, download the 1280x720 PNG. */
export function MessageImage({ message, onExpired }: MessageImageProps) {
  const { download, busy } = useDownloadImage(message.id, message.downloadUrl, message.prompt);
  const fullUrl = message.fullImageUrl ?? message.imageUrl;
  const alt = message.prompt ? `Generated thumbnail: ${message.prompt}` : 'Generated thumbnail';
  return (
    <figure className="flex flex-col gap-2">
      <ExpiringImage
        src={message.imageUrl}
        isBase64={message.isBase64}
        onExpired={onExpired}
        alt={alt}
        link={{ href: fullUrl, label: 'Open full size image', className: 'block overflow-hidden rounded-xl' }}
        className="aspect-video w-full rounded-xl bg-zinc-900 object-cover transition-transform duration-200 hover:scale-[1.01] motion-reduce:transition-none"
        errorClassName="py-6 text-center"
      />
      <figcaption className="flex flex-wrap gap-2 px-1 pb-1">
        {message.downloadUrl && (
          <Button variant="secondary" size="sm" busy={busy} onClick={download}>
            {!busy && <Download aria-hidden="true" className="size-4" />} Download
          </Button>
        )}
        <a
          href={fullUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm text-zinc-300 hover:bg-zinc-700/60 hover:text-zinc-50"
        >
          <Maximize2 aria-hidden="true" className="size-4" /> Full size
        </a>
      </figcaption>
    </figure>
  );
}
