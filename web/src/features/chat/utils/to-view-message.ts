import type { ImageSource, Message } from '@thumbnail-studio/contract';

/** A message as the chat shows it: camelCase, with its job status as loading and error flags. */
export interface ViewMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  isLoading: boolean;
  isError: boolean;
  isImageMessage: boolean;
  isEdit: boolean;
  /** The JPEG shown where none of `imageSources` fits. */
  imageUrl: string | null;
  /** The preview in modern formats at several widths, for `srcset`; empty on older images. */
  imageSources: ImageSource[];
  /** The original image, opened full size. */
  fullImageUrl: string | null;
  /** The lossless 1280x720 PNG. */
  downloadUrl: string | null;
  /** The YouTube-ready 1280x720 JPEG, the recommended download; null on older images. */
  jpegDownloadUrl: string | null;
  prompt: string | null;
  isBase64: boolean;
  uploadedImages: string[];
  selectedModels: string[];
  createdAt: string;
}

export function toViewMessage(message: Message): ViewMessage {
  const imageUrl = message.image_url;
  return {
    id: message.id,
    type: message.role,
    content: message.content,
    isLoading: message.status === 'pending',
    isError: message.status === 'error',
    isImageMessage: message.is_image_message && Boolean(imageUrl),
    isEdit: message.is_edit,
    imageUrl,
    imageSources: message.image_sources ?? [],
    fullImageUrl: message.full_image_url,
    downloadUrl: message.download_url,
    jpegDownloadUrl: message.jpeg_download_url,
    prompt: message.prompt,
    isBase64: imageUrl?.startsWith('data:image') ?? false,
    uploadedImages: message.uploaded_images ?? [],
    selectedModels: message.selected_model_ids ?? [],
    createdAt: message.created_at,
  };
}
