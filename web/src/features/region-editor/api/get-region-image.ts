import { useQuery } from '@tanstack/react-query';
import type { Message, TextBox } from '@thumbnail-studio/contract';
import { getMessageById } from '../../../lib/get-message';

/** What the region editor paints on: the image at full size, and the faces found in it. */
export interface RegionImage {
  url: string;
  /** The likeness check's face boxes (1280x720 frame); only an answer's first image is checked. */
  faces: TextBox[];
}

/** One image of a message as the region editor opens it; undefined when it has no such image. */
export function regionImage(message: Message, index: number): RegionImage | undefined {
  const image = message.images?.find((item) => item.index === index);
  const url = image
    ? (image.full_image_url ?? image.image_url)
    : index === 0
      ? (message.full_image_url ?? message.image_url)
      : null;
  if (!url) return undefined;
  return { url, faces: index === 0 ? (message.likeness?.faces ?? []) : [] };
}

/** Reads the message afresh (its full-size URLs are signed on this read only). */
export function useRegionImage(messageId: string, index: number) {
  return useQuery({
    queryKey: ['region-image', messageId, index],
    queryFn: async () => {
      const image = regionImage(await getMessageById(messageId), index);
      if (!image) throw new Error('This image can no longer be found.');
      return image;
    },
    staleTime: 0,
    gcTime: 0,
  });
}
