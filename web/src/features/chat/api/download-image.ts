import { blobFromStorage } from '../../../lib/api-client';
import { getMessageById } from './get-message';

const FAILURE = 'The image could not be downloaded. Please try again.';

/**
 * The 1280x720 PNG of an image message as a blob. Its signed URL may have expired while the chat
 * was open, so a failed read asks for the message again and retries once with the fresh URL.
 */
export async function downloadImage(messageId: string, url: string): Promise<Blob> {
  try {
    return await blobFromStorage(url, FAILURE);
  } catch {
    const fresh = await getMessageById(messageId);
    if (!fresh.download_url) throw new Error(FAILURE);
    return blobFromStorage(fresh.download_url, FAILURE);
  }
}
