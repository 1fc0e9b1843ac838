import type { MessageRole, MessageStatus, StoredMessage } from './types';

/**
 * A new stored message with the spec's defaults (no images, no models, not an
 * image message); `fields` sets the rest.
 */
export function newMessage(
  fields: Pick<StoredMessage, 'id' | 'conversation_id' | 'user_id' | 'content' | 'created_at'> & {
    role: MessageRole;
    status: MessageStatus;
  } & Partial<StoredMessage>,
): StoredMessage {
  return {
    uploaded_images: null,
    selected_model_ids: null,
    prompt: null,
    image_url: null,
    is_image_message: false,
    is_edit: false,
    ...fields,
  };
}

/** Every S3 key a message holds: its references, and all sizes of the image it generated. */
export const imageKeysOf = (message: StoredMessage): string[] => [
  ...(message.uploaded_images ?? []),
  ...(message.image_keys ? Object.values(message.image_keys) : []),
];
