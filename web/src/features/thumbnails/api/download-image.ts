import { type DownloadFormat, endpoints } from '@thumbnail-studio/contract';
import { blobFromStorage, callApi } from '../../../lib/api-client';

const FAILURE = 'The image could not be downloaded. Please try again.';

/**
 * One of an image's 1280x720 downloads (the JPEG or the PNG) as a blob; `image` is its index in the message. The backend makes
 * the file the first time anyone asks for it and answers a freshly signed URL.
 */
export async function downloadImage(messageId: string, format: DownloadFormat, image = 0): Promise<Blob> {
  // `image` picks one of an answer's variations; the first needs no query.
  const query = image > 0 ? { image: String(image) } : undefined;
  const { url } = await callApi(endpoints.getDownload, { params: { id: messageId, format }, query });
  return blobFromStorage(url, FAILURE);
}
