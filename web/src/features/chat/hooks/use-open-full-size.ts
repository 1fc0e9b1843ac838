import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { getMessageById } from '../../../lib/get-message';

/**
 * Opens a message's full-size image (`image`: which of its variations) in a new tab. Lists carry only the preview, so the original's
 * URL is signed when it is asked for: the tab opens at once (a browser allows that only during the
 * click) and goes to the image once the message has been read.
 */
export function openFullSize(messageId: string, image = 0): void {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  getMessageById(messageId)
    .then((message) => {
      const chosen = message.images?.[image];
      const url = chosen
        ? (chosen.full_image_url ?? chosen.image_url)
        : (message.full_image_url ?? message.image_url);
      if (!url) throw new Error('The full-size image is not available.');
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    })
    .catch((error) => {
      tab?.close();
      toast.error(errorMessage(error));
    });
}
