import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useCopiedFeedback } from '../../../lib/use-copied-feedback';
import { setCachedShareToken, sharedPageUrl, shareImage, unshareImage } from '../api/share-image';

/**
 * The public link of one of a message's images (`index`: which of its variations):
 * `copyLink` makes it if needed and copies it ('Copied!' for 2 seconds), `stopSharing` revokes
 * it. Busy while either runs.
 */
export function useShareLink(messageId: string, index: number, shareToken: string | null) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useCopiedFeedback();

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const copyLink = () =>
    run(async () => {
      const token = shareToken ?? (await shareImage(messageId, index));
      setCachedShareToken(queryClient, messageId, index, token);
      const url = sharedPageUrl(token);
      try {
        await navigator.clipboard.writeText(url);
        setCopied(true);
      } catch {
        // The link exists; a browser that refused the clipboard still gets to see it.
        toast.error(`Could not copy the link: ${url}`);
      }
    });

  const stopSharing = () =>
    run(async () => {
      await unshareImage(messageId, index);
      setCachedShareToken(queryClient, messageId, index, null);
      setCopied(false);
      toast.success('Stopped sharing: the link no longer works');
    });

  return { busy, copied, shared: Boolean(shareToken), copyLink, stopSharing };
}
