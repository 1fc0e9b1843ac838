import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ViewImage, ViewMessage } from '../../../lib/to-view-message';
import { useDownloadImage } from '../hooks/use-download-image';

const JPEG_TITLE = 'JPEG for YouTube, 1280x720, under 2 MB';
const PNG_TITLE = 'PNG, 1280x720';

/**
 * An answer's one image to save: Download is the YouTube-ready JPEG (recommended) with the
 * lossless PNG beside it; older images offer only the PNG, their one download.
 */
export function ImageDownloads({ message }: { message: ViewMessage }) {
  const jpeg = useDownloadImage(message.id, message.prompt, 'jpeg');
  const png = useDownloadImage(message.id, message.prompt, 'png');
  const hasJpeg = message.downloads.includes('jpeg');
  const primary = hasJpeg ? jpeg : png;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        busy={primary.busy}
        onClick={primary.download}
        title={hasJpeg ? JPEG_TITLE : PNG_TITLE}
      >
        {!primary.busy && <Download aria-hidden="true" className="size-4" />} Download
      </Button>
      {hasJpeg && (
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
    </>
  );
}

interface VariationDownloadProps {
  message: ViewMessage;
  image: ViewImage;
  /** The variation's name, e.g. 'Variation 2 of 3'. */
  name: string;
}

/** One variation to save, as an icon button: the YouTube JPEG, or the PNG on older images. */
export function VariationDownload({ message, image, name }: VariationDownloadProps) {
  const format = image.downloads.includes('jpeg') ? 'jpeg' : 'png';
  const download = useDownloadImage(message.id, message.prompt, format, image.index);
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={download.busy}
      onClick={download.download}
      aria-label={`Download ${name.toLowerCase()}`}
      title={format === 'jpeg' ? JPEG_TITLE : PNG_TITLE}
    >
      {!download.busy && <Download aria-hidden="true" className="size-4" />}
    </Button>
  );
}
