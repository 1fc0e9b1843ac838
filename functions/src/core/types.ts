import type { Message } from '@thumbnail-studio/contract';

export type { Conversation, Message, MessageRole, MessageStatus } from '@thumbnail-studio/contract';

/** The S3 keys of a generated image's three sizes. */
export interface ImageKeys {
  /** The provider's original PNG, opened full size. */
  original: string;
  /** 1280x720 PNG under 2 MB: what the download button gives. */
  export: string;
  /** Small JPEG the chat shows. */
  preview: string;
}

/**
 * A message as DynamoDB holds it: image fields are S3 keys (signed into URLs
 * when read), plus the job bookkeeping of a pending assistant message.
 */
export interface StoredMessage extends Omit<Message, 'image_url' | 'full_image_url' | 'download_url'> {
  image_url: null;
  image_keys?: ImageKeys;
  provider?: string;
  /** On a job: the id of the user message it answers. */
  request_id?: string;
  job_state?: 'queued' | 'running';
  started_at?: string;
  attempts?: number;
  /** Set only while the job is unsettled, so the sparse `byPending` index lists exactly those. */
  pending_shard?: string;
  pending_since?: string;
}
