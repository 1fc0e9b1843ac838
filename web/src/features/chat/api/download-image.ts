import { blobFromStorage } from '../../../lib/api-client';
import type { DownloadFormat } from '../../../utils/download-filename';
import { getMessageById } from './get-message';

const FAILURE = 'The image could not be downloaded. Please try again.';

/**
 * One of an image message's 1280x720 downloads (the JPEG or the PNG) as a blob. Its signed URL may
 * have expired while the chat was open, so a failed read asks for the message again and retries
 * once with the fresh URL.
 */
export async function downloadImage(
  messageId: string,
  url: string,
  format: DownloadFormat = 'png',
): Promise<Blob> {
  try {
    return await blobFromStorage(url, FAILURE);
  } catch {
    const fresh = await getMessageById(messageId);
    const freshUrl = format === 'jpeg' ? fresh.jpeg_download_url : fresh.download_url;
    if (!freshUrl) throw new Error(FAILURE);
    return blobFromStorage(freshUrl, FAILURE);
  }
}
