import { type DownloadFormat, endpoints } from '@thumbnail-studio/contract';
import { blobFromStorage, callApi } from '../../../lib/api-client';

const FAILURE = 'The image could not be downloaded. Please try again.';

/**
 * One of an image message's 1280x720 downloads (the JPEG or the PNG) as a blob. The backend makes
 * the file the first time anyone asks for it and answers a freshly signed URL.
 */
export async function downloadImage(messageId: string, format: DownloadFormat): Promise<Blob> {
  const { url } = await callApi(endpoints.getDownload, { params: { id: messageId, format } });
  return blobFromStorage(url, FAILURE);
}
