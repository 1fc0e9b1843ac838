import { useCallback } from 'react';
import { type Attachment, useAttachmentList } from './use-attachment-list';
import { useImageUploads } from './use-image-uploads';
import { useVideoThumbnails } from './use-video-thumbnails';

const isReadyVideo = (item: Attachment) => item.status === 'ready' && item.kind === 'video';
const isReadyImage = (item: Attachment) => item.status === 'ready' && item.kind === 'image';

/** The references attached to the message being written: uploads start at once, links are fetched. */
export function useAttachments() {
  const list = useAttachmentList();
  const addFiles = useImageUploads(list);
  const { addVideoLink, syncWithText, knows, dismiss, forgetDismissed } = useVideoThumbnails(list);
  const { attachments, remove: removeFromList, clear: clearList } = list;

  const remove = useCallback(
    (id: string) => {
      const removed = removeFromList(id);
      if (removed?.kind === 'video') dismiss(removed.source);
    },
    [removeFromList, dismiss],
  );

  const clear = useCallback(() => {
    clearList();
    forgetDismissed();
  }, [clearList, forgetDismissed]);

  // Video thumbnails go first, so a sent message's first references are its links' thumbnails
  // (the YouTube preview finds them there, `utils/linked-videos.ts`).
  const ready = [...attachments.filter(isReadyVideo), ...attachments.filter(isReadyImage)];
  return {
    attachments,
    addFiles,
    addVideoLink,
    syncWithText,
    remove,
    clear,
    /** Sending waits while an upload or a video thumbnail is on its way. */
    busy: attachments.some((item) => item.status === 'loading'),
    keys: ready.flatMap((item) => (item.key ? [item.key] : [])),
    previewUrls: ready.flatMap((item) => (item.previewUrl ? [item.previewUrl] : [])),
    knows,
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
