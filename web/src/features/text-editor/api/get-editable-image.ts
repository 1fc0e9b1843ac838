import { useQuery } from '@tanstack/react-query';
import type { LogoLayer, Message, TextLayer } from '@thumbnail-studio/contract';
import { getMessageById } from '../../../lib/get-message';

/** What the editor draws: the picture under the layers, the text's layers and the logo layer. */
export interface EditableImage {
  /** The image without its layers, or the image as it is where it has no separate base. */
  baseUrl: string;
  layers: TextLayer[];
  logo: LogoLayer | null;
}

/** One image of a message as the editor opens it; undefined when the message has no such image. */
export function editableImage(message: Message, index: number): EditableImage | undefined {
  const image = message.images?.find((item) => item.index === index);
  if (image) {
    return {
      baseUrl: image.base_url ?? image.full_image_url ?? image.image_url,
      layers: image.text_layers,
      logo: image.logo,
    };
  }
  const url = index === 0 ? (message.full_image_url ?? message.image_url) : null;
  return url ? { baseUrl: url, layers: [], logo: null } : undefined;
}

/** Reads the message afresh (its base and full-size URLs are signed on this read only). */
export function useEditableImage(messageId: string, index: number) {
  return useQuery({
    queryKey: ['editable-image', messageId, index],
    queryFn: async () => {
      const image = editableImage(await getMessageById(messageId), index);
      if (!image) throw new Error('This image can no longer be found.');
      return image;
    },
    // The signed URLs last an hour; every opening reads the newest layers.
    staleTime: 0,
    gcTime: 0,
  });
}
