import type { DownloadFormat } from '@thumbnail-studio/contract';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { downloadFilename } from '../../../utils/download-filename';
import { saveBlob } from '../../../utils/save-blob';
import { downloadImage } from '../api/download-image';

/**
 * Saves one of a message's 1280x720 downloads under a name made from its prompt; busy while it
 * runs. `image` is which of the message's images (its variations), the first by default.
 */
export function useDownloadImage(
  messageId: string,
  prompt: string | null,
  format: DownloadFormat,
  image = 0,
) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await downloadImage(messageId, format, image), downloadFilename(prompt, format));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
