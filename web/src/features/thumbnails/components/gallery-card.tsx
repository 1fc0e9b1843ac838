import { Download, MessageSquare, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { ExpiringImage } from '../../../components/expiring-image';
import { Button } from '../../../components/ui/button';
import { conversationAtPath } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { previewSources } from '../../../lib/preview-sources';
import { imageView, type ViewImage, type ViewMessage } from '../../../lib/to-view-message';
import { formatRelativeDate } from '../../../utils/relative-date';
import { useDownloadImage } from '../hooks/use-download-image';
import { CompareCheckbox } from './compare-checkbox';
import { ShareImageMenu } from './share-image-menu';
import { PreviewButton } from './youtube-preview/preview-button';

/** How wide a card's image is drawn in the grid: three columns, two, or one on phones. */
export const GALLERY_SIZES =
  '(min-width: 1184px) 356px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 48px)';

interface GalleryCardProps {
  /** The answer that holds the image. */
  message: ViewMessage;
  /** The image the card shows: the answer's one image, or one of its variations. */
  image: ViewImage;
  onExpired(): Promise<unknown>;
  /** In Test & Compare mode: the card's number in the zip (undefined while not chosen), and its toggle. */
  compare?: { position: number | undefined; onToggle(): void };
  /** Whether the image won a Test & Compare test, as its creator recorded. */
  winner?: boolean;
}

/**
 * One thumbnail of the gallery, an answer's one image or one of its variations: its preview
 * (lazily, from the width the grid needs), prompt and age; open it in its conversation, download
 * it (the YouTube JPEG, or the PNG of older images), share it on its own link, preview it in
 * YouTube's layouts; in Test & Compare mode, choose it. A test's winner says so on its image.
 */
export function GalleryCard({ message, image, onExpired, compare, winner }: GalleryCardProps) {
  const format = image.downloads.includes('jpeg') ? 'jpeg' : 'png';
  const download = useDownloadImage(message.id, message.prompt, format, image.index);
  const prompt = message.prompt || 'Generated thumbnail';
  const variations = message.images.length;
  const title = variations > 1 ? `${prompt} (variation ${image.index + 1} of ${variations})` : prompt;
  return (
    <li>
      <article
        aria-label={`Thumbnail: ${title}`}
        className={cn(
          'flex h-full flex-col gap-2 rounded-2xl border bg-zinc-900 p-2',
          compare?.position ? 'border-accent-500 ring-2 ring-accent-500' : 'border-zinc-800',
        )}
      >
        <div className="relative">
          <ExpiringImage
            src={image.imageUrl}
            sources={previewSources(image.imageSources, GALLERY_SIZES)}
            width={1280}
            height={720}
            loading="lazy"
            decoding="async"
            onExpired={onExpired}
            alt={`Generated thumbnail: ${title}`}
            className="aspect-video h-auto w-full rounded-xl bg-zinc-800 object-cover"
            errorClassName="aspect-video py-6 text-center"
          />
          {compare && (
            <CompareCheckbox title={title} position={compare.position} onToggle={compare.onToggle} />
          )}
          {winner && (
            <p className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-zinc-950">
              <Trophy aria-hidden="true" className="size-3.5" /> Winner
            </p>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 px-1">
          <p className="line-clamp-2 text-sm text-zinc-100" title={title}>
            {title}
          </p>
          <p className="text-xs text-zinc-400">
            <time dateTime={message.createdAt}>{formatRelativeDate(message.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1 px-1 pb-1">
          <Link
            href={conversationAtPath(message.conversationId, message.id)}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50"
          >
            <MessageSquare aria-hidden="true" className="size-4" /> Open in conversation
          </Link>
          <Button
            variant="ghost"
            size="sm"
            busy={download.busy}
            onClick={download.download}
            title={format === 'jpeg' ? 'JPEG for YouTube, 1280x720, under 2 MB' : 'PNG, 1280x720'}
          >
            {!download.busy && <Download aria-hidden="true" className="size-4" />} Download
          </Button>
          <ShareImageMenu messageId={message.id} imageIndex={image.index} shareToken={image.shareToken} />
          <PreviewButton
            image={imageView(message, image)}
            checked={image.index === 0}
            imageIndex={image.index}
          />
        </div>
      </article>
    </li>
  );
}
