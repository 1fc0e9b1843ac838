import type { ComponentType } from 'react';
import type { RegionSendProps } from '../../lib/region-send';
import type { ViewImage, ViewMessage } from '../../lib/to-view-message';

/**
 * What the chat's generated images offer besides opening full size and 'Edit this one': their
 * download, share and YouTube preview buttons (the thumbnails feature's), 'Edit text' (the
 * text editor's) and 'Edit a region' (the region editor's). The app passes them in, and the chat places them under each image.
 */
export interface ImageActions {
  /** The download of an answer's one image: the YouTube JPEG with the PNG beside it, or the PNG alone. */
  Downloads: ComponentType<{ message: ViewMessage }>;
  /** The download of one variation: an icon button named after it (`name`, e.g. 'Variation 2 of 3'). */
  VariationDownload: ComponentType<{ message: ViewMessage; image: ViewImage; name: string }>;
  /** The share menu of one image (`imageIndex`: which variation, the first by default). */
  Share: ComponentType<{ messageId: string; imageIndex?: number; shareToken: string | null }>;
  /** 'Preview on YouTube'. */
  Preview: ComponentType<{ image: ViewMessage & { imageUrl: string }; send?: RegionSendProps }>;
  /** 'Edit text' of one image (`imageIndex`: which variation, the first by default; `label`: its accessible name). */
  EditText: ComponentType<{ messageId: string; imageIndex?: number; label?: string }>;
  /** 'Edit a region' of one image, sent through the chat's own send (the region editor's). */
  EditRegion: ComponentType<{ messageId: string; imageIndex?: number; label?: string } & RegionSendProps>;
}
