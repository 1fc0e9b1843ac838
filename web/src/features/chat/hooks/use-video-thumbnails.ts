import { MAX_IMAGES_PER_MESSAGE } from '@thumbnail-studio/contract';
import { useCallback, useRef } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { fetchVideoThumbnail } from '../api/fetch-video-thumbnail';
import { TOO_MANY } from '../utils/attachment-rules';
import type { AttachmentList } from './use-attachment-list';

/** Attaches the thumbnails of video links; a link the user removed is not fetched again while it stays. */
export function useVideoThumbnails({ add, update, retain, countSent, has }: AttachmentList) {
  // Links the user removed (or that found no room): not fetched again while they stay in the text.
  const dismissed = useRef(new Set<string>());

  /** Whether a link has been attached, is on its way, or was removed: nothing more to do for it. */
  const knows = useCallback((source: string) => dismissed.current.has(source) || has(source), [has]);

  /** Starts fetching a link's thumbnail unless it is attached already or was removed. */
  const addVideoLink = useCallback(
    (source: string) => {
      if (knows(source)) return;
      if (countSent() >= MAX_IMAGES_PER_MESSAGE) {
        dismissed.current.add(source);
        toast.error(TOO_MANY);
        return;
      }
      const id = add('video', source, null);
      fetchVideoThumbnail(source).then(
        (thumbnail) => update(id, { status: 'ready', key: thumbnail.key, previewUrl: thumbnail.url }),
        (error: unknown) => update(id, { status: 'error', error: errorMessage(error) }),
      );
    },
    [knows, countSent, add, update],
  );

  /** Failed links the user has since deleted from the text go away, and may be fetched again later. */
  const syncWithText = useCallback(
    (text: string) => {
      for (const source of dismissed.current) if (!text.includes(source)) dismissed.current.delete(source);
      retain((item) => item.kind === 'image' || item.status !== 'error' || text.includes(item.source));
    },
    [retain],
  );

  const dismiss = useCallback((source: string) => dismissed.current.add(source), []);
  const forgetDismissed = useCallback(() => dismissed.current.clear(), []);

  return { addVideoLink, syncWithText, knows, dismiss, forgetDismissed };
}
