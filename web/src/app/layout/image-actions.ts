import type { ImageActions } from '../../features/chat/types';
import { EditRegionButton } from '../../features/region-editor/components/edit-region-button';
import { EditTextButton } from '../../features/text-editor/components/edit-text-button';
import { ImageDownloads, VariationDownload } from '../../features/thumbnails/components/image-downloads';
import { ShareImageMenu } from '../../features/thumbnails/components/share-image-menu';
import { PreviewButton } from '../../features/thumbnails/components/youtube-preview/preview-button';

/**
 * The buttons under each image of the chat: the thumbnails feature's download, share and preview on
 * YouTube, the text editor's 'Edit text' and the region editor's 'Edit a region'.
 */
export const imageActions: ImageActions = {
  Downloads: ImageDownloads,
  VariationDownload,
  Share: ShareImageMenu,
  Preview: PreviewButton,
  EditText: EditTextButton,
  EditRegion: EditRegionButton,
};
