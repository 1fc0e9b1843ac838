import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-error';
import { downloadFilename } from '../../../utils/download-filename';
import { saveBlob } from '../../../utils/save-blob';
import { downloadImage } from '../api/download-image';

/** Saves a message's 1280x720 PNG under a name made from its prompt; busy while it runs. */
export function useDownloadImage(messageId: string, url: string | null, prompt: string | null) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await downloadImage(messageId, url), downloadFilename(prompt));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
