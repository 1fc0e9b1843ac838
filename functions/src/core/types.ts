/** Wire shapes of the API (SPEC section 3's stored field names). */
export type MessageRole = 'user' | 'assistant';
/** A message's job state: `pending` while a generation runs (issue 3). */
export type MessageStatus = 'pending' | 'done' | 'error';

export interface Conversation {
  id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface Message {
  id: string;
  conversation_id: string;
  user_id: string;
  role: MessageRole;
  content: string;
  uploaded_images: string[] | null;
  selected_model_ids: string[] | null;
  prompt: string | null;
  image_url: string | null;
  is_image_message: boolean;
  is_edit: boolean;
  created_at: string;
  status: MessageStatus;
}

/** The S3 keys of a generated image's three sizes. */
export interface ImageKeys {
  /** The provider's original PNG. */
  original: string;
  /** 1280x720 JPEG under 2 MB: what the download button gives. */
  export: string;
  /** Small JPEG the chat shows. */
  preview: string;
}

/**
 * A message as DynamoDB holds it: image fields are S3 keys (signed into URLs
 * when read), plus the job bookkeeping of a pending assistant message.
 */
export interface StoredMessage extends Omit<Message, 'image_url'> {
  image_url: null;
  image_keys?: ImageKeys;
  /** The video whose thumbnail is a reference for this user message. */
  video_id?: string;
  provider?: string;
  /** On a job: the id of the user message it answers. */
  request_id?: string;
  job_state?: 'queued' | 'running';
  started_at?: string;
  attempts?: number;
  pending_shard?: string;
  pending_since?: string;
}

/** A message as the API answers it: stored keys turned into short-lived signed URLs. */
export interface WireMessage extends Message {
  full_image_url: string | null;
  download_url: string | null;
}
