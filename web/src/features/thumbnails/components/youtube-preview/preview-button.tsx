import { MonitorPlay } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import type { RegionSendProps } from '../../../../lib/region-send';
import type { ViewMessage } from '../../../../lib/to-view-message';
import { useOpenedOnce } from '../../../../lib/use-opened-once';

// The preview's code loads on its first opening, not with the chat.
const YouTubePreviewDialog = lazy(() => import('./youtube-preview-dialog'));

interface PreviewButtonProps {
  image: ViewMessage & { imageUrl: string };
  /**
   * Whether the answer's text check is of this image (false for a later variation).
   * @default true
   */
  checked?: boolean;
  /**
   * Which image of the message (its variation).
   * @default 0
   */
  imageIndex?: number;
  /** The chat's send, for the readiness check's paid fixes (absent outside a chat). */
  send?: RegionSendProps;
}

/** 'Preview on YouTube': opens the thumbnail in YouTube's layouts, with its readiness check. */
export function PreviewButton({ image, checked = true, imageIndex = 0, send }: PreviewButtonProps) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <MonitorPlay aria-hidden="true" className="size-4" /> Preview on YouTube
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <YouTubePreviewDialog
            open={open}
            onOpenChange={setOpen}
            image={image}
            checked={checked}
            imageIndex={imageIndex}
            send={send}
          />
        </Suspense>
      )}
    </>
  );
}
