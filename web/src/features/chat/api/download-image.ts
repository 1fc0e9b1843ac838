import { blobFromStorage } from '../../../lib/api-client';
import { getMessageById } from './get-message';

const FAILURE = 'The image could not be downloaded. Please try again.';

/**
 * The 1280x720 PNG of an image message as a blob. Lists don't carry its URL: it is signed when
 * used, by reading the message. A URL the chat already had may have expired, so a failed read
 * asks for the message again and retries once with the fresh URL.
 */
export async function downloadImage(messageId: string, url: string | null): Promise<Blob> {
  try {
    const known = url ?? (await getMessageById(messageId)).download_url;
    if (!known) throw new Error(FAILURE);
    return await blobFromStorage(known, FAILURE);
  } catch {
    const fresh = await getMessageById(messageId);
    if (!fresh.download_url) throw new Error(FAILURE);
    return blobFromStorage(fresh.download_url, FAILURE);
  }
}
