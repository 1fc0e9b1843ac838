import type { Message } from '@thumbnail-studio/contract';
import { blobFromStorage } from '../../../lib/api-client';
import type { DownloadFormat } from '../../../utils/download-filename';
import { getMessageById } from './get-message';

const FAILURE = 'The image could not be downloaded. Please try again.';

const urlOf = (message: Message, format: DownloadFormat) =>
  format === 'jpeg' ? message.jpeg_download_url : message.download_url;

/**
 * One of an image message's 1280x720 downloads (the JPEG or the PNG) as a blob. Lists don't carry
 * their URLs: they are signed when used, by reading the message. A URL the chat already had may have
 * expired, so a failed read asks for the message again and retries once with the fresh URL.
 */
export async function downloadImage(
  messageId: string,
  url: string | null,
  format: DownloadFormat = 'png',
): Promise<Blob> {
  try {
    const known = url ?? urlOf(await getMessageById(messageId), format);
    if (!known) throw new Error(FAILURE);
    return await blobFromStorage(known, FAILURE);
  } catch {
    const freshUrl = urlOf(await getMessageById(messageId), format);
    if (!freshUrl) throw new Error(FAILURE);
    return blobFromStorage(freshUrl, FAILURE);
  }
}
