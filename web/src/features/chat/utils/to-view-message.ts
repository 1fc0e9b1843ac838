import type { Message } from '@thumbnail-studio/contract';

/** A message as the chat shows it: camelCase, with its job status as loading and error flags. */
export interface ViewMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  isLoading: boolean;
  isError: boolean;
  isImageMessage: boolean;
  isEdit: boolean;
  imageUrl: string | null;
  /** The original image, opened full size. */
  fullImageUrl: string | null;
  /** The 1280x720 PNG the download button saves. */
  downloadUrl: string | null;
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
    fullImageUrl: message.full_image_url,
    downloadUrl: message.download_url,
    prompt: message.prompt,
    isBase64: imageUrl?.startsWith('data:image') ?? false,
    uploadedImages: message.uploaded_images ?? [],
    selectedModels: message.selected_model_ids ?? [],
    createdAt: message.created_at,
  };
}
