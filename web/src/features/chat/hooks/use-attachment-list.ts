import { useCallback, useEffect, useRef, useState } from 'react';

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
const revoke = (attachment: Attachment) => {
  if (attachment.kind === 'image' && attachment.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
};

/**
 * The attachments of the message being written. The callbacks read the newest list even before React
 * re-renders, so several additions in one event see each other.
 */
export function useAttachmentList() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const current = useRef(attachments);
  current.current = attachments;

  /** Adds a loading attachment and returns its id. */
  const add = useCallback((kind: Attachment['kind'], source: string, previewUrl: string | null) => {
    const attachment: Attachment = { id: nextId(), kind, source, status: 'loading', previewUrl };
    current.current = [...current.current, attachment];
    setAttachments((list) => [...list, attachment]);
    return attachment.id;
  }, []);

  const update = useCallback((id: string, changes: Partial<Attachment>) => {
    setAttachments((list) => list.map((item) => (item.id === id ? { ...item, ...changes } : item)));
  }, []);

  /** Removes an attachment and returns it, or undefined when it is gone already. */
  const remove = useCallback((id: string) => {
    const attachment = current.current.find((item) => item.id === id);
    if (!attachment) return undefined;
    revoke(attachment);
    setAttachments((list) => list.filter((item) => item.id !== id));
    return attachment;
  }, []);

  /** Keeps only the attachments `keep` accepts. */
  const retain = useCallback((keep: (attachment: Attachment) => boolean) => {
    setAttachments((list) => {
      const kept = list.filter(keep);
      return kept.length === list.length ? list : kept;
    });
  }, []);

  const clear = useCallback(() => {
    current.current.forEach(revoke);
    setAttachments([]);
  }, []);

  /** How many attachments will go with the message: failed ones are not sent, so they do not count. */
  const countSent = useCallback(() => current.current.filter((item) => item.status !== 'error').length, []);

  const has = useCallback((source: string) => current.current.some((item) => item.source === source), []);

  useEffect(() => () => current.current.forEach(revoke), []);

  return { attachments, add, update, remove, retain, clear, countSent, has };
}

export type AttachmentList = ReturnType<typeof useAttachmentList>;
