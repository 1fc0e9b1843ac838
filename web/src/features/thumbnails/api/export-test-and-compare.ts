import { endpoints, type ImageRef } from '@thumbnail-studio/contract';
import { fileFromApi } from '../../../lib/api-client';

/**
 * One zip of the YouTube-ready 1280x720 JPEGs of 2 or 3 images (each a message and which of its
 * images, the first unless said), numbered in the order given, for YouTube Studio's Test & Compare,
 * with the titles to try beside them (`titles.txt`) and YouTube Studio's steps.
 */
export function exportTestAndCompare(
  images: readonly (Pick<ImageRef, 'message_id'> & Partial<Pick<ImageRef, 'index'>>)[],
  titles: readonly string[] = [],
): Promise<Blob> {
  return fileFromApi(endpoints.exportTestAndCompare, { body: { images: [...images], titles: [...titles] } });
}
