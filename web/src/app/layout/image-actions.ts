import type { ImageActions } from '../../features/chat/types';
import { ImageDownloads, VariationDownload } from '../../features/thumbnails/components/image-downloads';
import { ShareImageMenu } from '../../features/thumbnails/components/share-image-menu';
import { PreviewButton } from '../../features/thumbnails/components/youtube-preview/preview-button';

/** The thumbnails feature's buttons under each image of the chat: download, share, preview on YouTube. */
export const imageActions: ImageActions = {
  Downloads: ImageDownloads,
  VariationDownload,
  Share: ShareImageMenu,
  Preview: PreviewButton,
};
