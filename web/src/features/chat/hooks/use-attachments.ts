import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-error';
import { fetchVideoThumbnail } from '../api/fetch-video-thumbnail';
import { uploadImage } from '../api/upload-image';
import { acceptImageFiles, MAX_ATTACHMENTS, TOO_MANY } from '../utils/attachment-rules';

/** A reference on its way into the next message: an image file or a video link's thumbnail. */
export interface Attachment {
  id: string;
  kind: 'image' | 'video';
  /** File name, or the link as written. */
  source: string;
  status: 'loading' | 'ready' | 'error';
  /** A local object URL for files, the backend's signed URL for video thumbnails. */
  previewUrl: string | null;
  /** The storage key the message refers to, once ready. */
  key?: string;
  error?: string;
}

let counter = 0;
const nextId = () => `attachment-${++counter}`;
/** Failed attachments are not sent, so they do not count towards the limit. */
const counted = (list: readonly Attachment[]) => list.filter((item) => item.status !== 'error').length;
const revoke = (attachment: Attachment) => {
  if (attachment.kind === 'image' && attachment.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
};

/** The references attached to the message being written: uploads start at once, links are fetched. */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const current = useRef(attachments);
  current.current = attachments;
  // Links the user removed: not fetched again while they stay in the text.
  const dismissed = useRef(new Set<string>());

  const update = useCallback((id: string, changes: Partial<Attachment>) => {
    setAttachments((list) => list.map((item) => (item.id === id ? { ...item, ...changes } : item)));
  }, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, problems } = acceptImageFiles(files, counted(current.current));
      for (const problem of problems) toast.error(problem);
      const added = accepted.map<Attachment>((file) => ({
        id: nextId(),
        kind: 'image',
        source: file.name || 'Image',
        status: 'loading',
        previewUrl: URL.createObjectURL(file),
      }));
      current.current = [...current.current, ...added];
      setAttachments((list) => [...list, ...added]);
      added.forEach((attachment, index) => {
        uploadImage(accepted[index] as File).then(
          (key) => update(attachment.id, { status: 'ready', key }),
          (error: unknown) => {
            toast.error(errorMessage(error));
            update(attachment.id, { status: 'error', error: 'Upload failed' });
          },
        );
      });
    },
    [update],
  );

  /** Starts fetching a link's thumbnail unless it is attached already or was removed. */
  const addVideoLink = useCallback(
    (source: string) => {
      if (dismissed.current.has(source) || current.current.some((item) => item.source === source)) return;
      if (counted(current.current) >= MAX_ATTACHMENTS) {
        dismissed.current.add(source);
        toast.error(TOO_MANY);
        return;
      }
      const attachment: Attachment = {
        id: nextId(),
        kind: 'video',
        source,
        status: 'loading',
        previewUrl: null,
      };
      current.current = [...current.current, attachment];
      setAttachments((list) => [...list, attachment]);
      fetchVideoThumbnail(source).then(
        (thumbnail) =>
          update(attachment.id, { status: 'ready', key: thumbnail.key, previewUrl: thumbnail.url }),
        (error: unknown) => update(attachment.id, { status: 'error', error: errorMessage(error) }),
      );
    },
    [update],
  );

  /** Failed links the user has since deleted from the text go away, and may be fetched again later. */
  const syncWithText = useCallback((text: string) => {
    for (const source of dismissed.current) if (!text.includes(source)) dismissed.current.delete(source);
    setAttachments((list) => {
      const kept = list.filter(
        (item) => item.kind === 'image' || item.status !== 'error' || text.includes(item.source),
      );
      return kept.length === list.length ? list : kept;
    });
  }, []);

  const remove = useCallback((id: string) => {
    const attachment = current.current.find((item) => item.id === id);
    if (!attachment) return;
    if (attachment.kind === 'video') dismissed.current.add(attachment.source);
    revoke(attachment);
    setAttachments((list) => list.filter((item) => item.id !== id));
  }, []);

  const clear = useCallback(() => {
    current.current.forEach(revoke);
    dismissed.current.clear();
    setAttachments([]);
  }, []);

  /** Whether a link has been attached, is on its way, or was removed: nothing more to do for it. */
  const knows = useCallback(
    (source: string) =>
      dismissed.current.has(source) || current.current.some((item) => item.source === source),
    [],
  );

  useEffect(() => () => current.current.forEach(revoke), []);

  const ready = attachments.filter((item) => item.status === 'ready');
  return {
    attachments,
    addFiles,
    addVideoLink,
    syncWithText,
    remove,
    clear,
    /** Sending waits while an upload or a video thumbnail is on its way (SPEC section 5). */
    busy: attachments.some((item) => item.status === 'loading'),
    keys: ready.flatMap((item) => (item.key ? [item.key] : [])),
    previewUrls: ready.flatMap((item) => (item.previewUrl ? [item.previewUrl] : [])),
    knows,
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
